/** A board post as the list and detail pages receive it (SPEC §3, with the API's decoded images). */
export interface BoardItem {
  id: number;
  title: string;
  content: string;
  etitle: string;
  econtent: string;
  image: string;
  images: string[];
  name: string;
  count: number;
  comment: number;
  like: number;
  location: string;
  price: number;
  free: number;
  marketstatus: number;
  english: number;
  user: number;
  /** 1: hidden by a moderator (only admins are sent such items). */
  hidden: number;
  topcategory: number;
  category: string;
  date: string;
}
