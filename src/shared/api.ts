import type { BusinessReviewShown } from './trust.ts';
// The response envelope of PRODUCT.md's API contract.

export interface Ok {
  code: 'ok';
}
export interface ErrorAnswer {
  code: 'error';
  message: string;
  field?: string;
}
export interface List<T> {
  code: 'ok';
  items: T[];
  total: number;
  page: number;
  size: number;
}

// Items as the API and the page loaders answer them: the fields a client saves, as their schema
// gives them (z.output), with the ones the server keeps for itself (the *_SERVER_FIELDS of
// schemas/content.ts). The schemas come in by type queries, not imports: pages import this
// module, and with verbatimModuleSyntax even a type-only import would load the schema module,
// and zod with it, in the browser.
type ContentSchemas = typeof import('./schemas/content.ts');
type Saved<
  K extends
    | 'BoardSaveSchema'
    | 'JobsSaveSchema'
    | 'BusinessSaveSchema'
    | 'HousingSaveSchema'
    | 'InquirySaveSchema'
    | 'MainscheduleSaveSchema'
    | 'CommentSaveSchema',
> = import('zod').output<ContentSchemas[K]>;

interface Authored {
  name: string;
  user: number;
  date: string;
  /** 1: hidden by a moderator (only admins are sent such items). */
  hidden: number;
}
interface Counted {
  count: number;
  like: number;
}
/** A listing's freshness (market posts and jobs; other posts have no close date, ''). */
interface Expiring {
  bumpdate: string;
  expiredate: string;
  /** 1: past its close date, listed only with expired=1 (마감). */
  closed: number;
}
/** One of an organization's upcoming events, on its page (a 한인단체 post's detail). */
export interface OrganizationEvent {
  id: number;
  title: string;
  startdate: string;
  starttime: string;
  enddate: string;
  endtime: string;
  allday: number;
  weekday: number;
  place: string;
  category: string;
  /** Its next occurrence's date in the site's time zone. */
  next: string;
}
/** An organization's (a 한인단체 post's) detail adds its upcoming `events` and its `editors`' ids. */
export type BoardRecord = Saved<'BoardSaveSchema'> &
  Authored &
  Counted &
  Expiring & { comment: number; korean: number; english: number; events?: OrganizationEvent[]; editors?: number[] };
export type JobsRecord = Saved<'JobsSaveSchema'> & Authored & Counted & Expiring;
/** `rating` is the average of its counted reviews (one decimal, 0 with none), `reviews` their number. */
export type BusinessRecord = Saved<'BusinessSaveSchema'> & Authored & Counted & { rating: number; reviews: number };
/** A visitor is sent `address`, `tel` and `email` empty (PRODUCT.md: members only). */
export type HousingRecord = Saved<'HousingSaveSchema'> & Authored & Counted & Expiring & { image: string; comment: number };
export type InquiryRecord = Saved<'InquirySaveSchema'> & Authored & { updatedate: string };
export type MainscheduleRecord = Saved<'MainscheduleSaveSchema'> & Authored;
/** A file an item carries (its photos, and images its text shows), as its detail answer lists
 * them: the original name and the stored size, for the page's attachment list and its download. */
export interface Attachment {
  id: number;
  path: string;
  filename: string;
  mime: string;
  size: number;
  /** Its download under the API base (`/<kind>/<item>/files/<stored name>`): through the item,
   * so only a reader of the item gets it, by the file's unguessable name. */
  download: string;
}
/** A comment in its thread: a deleted one keeps its place with no text and no author. */
export type CommentRecord = Saved<'CommentSaveSchema'> & {
  id: number;
  name: string;
  user: number;
  deleted: number;
  /** shared/reports.ts Visibility: 2 while reports hold it for review. */
  hidden: number;
  date: string;
  replies?: CommentRecord[];
};

/** GET /api/search: one result. Titles and snippets are plain text from the index. */
export interface SearchResult {
  target: string;
  item: number;
  /** A post's Korean title (its English one is `etitle`), a job's title and company. */
  title: string;
  /** A post's English title, when it has one (SPEC §1: etitle). */
  etitle?: string;
  snippet: string;
  date: string;
  url: string;
  /** A market listing or job past its close date: still found, shown as 마감. */
  closed: boolean;
}

/** GET /api/search: one section's count and results. */
export interface SearchGroup {
  key: string;
  label: string;
  path: string;
  total: number;
  /** The count stopped at the cap (100 on the first page of the overview of every section, 1,000
   * elsewhere): shown as "100+" or "1,000+". */
  more: boolean;
  items: SearchResult[];
}

/** PRODUCT.md: every list is paginated, 20 by default, at most 100 a page. */
/** GET /api/notification: one notification, as the member's list shows it. */
export interface NotificationRecord {
  id: number;
  kind: string;
  /** Who did it: their nickname now ('' when the account is gone). */
  actor: string;
  /** A keyword notice's matched keyword; '' for other kinds (and keyword notices of before). */
  keyword: string;
  /** The post or inquiry's title when it happened. */
  title: string;
  /** Where it is read on the site (a comment: the post's page, anchored at the comment). */
  link: string;
  created: string;
  read: boolean;
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** The signed-in member as a page shows them (web/lib/me.ts): the `#me` JSON the server fills
 * into a shared page for them (server/pages/pages.ts) and the browser reads before it hydrates;
 * on a client navigation served from the shared cache, the ME_HEADER header of the `.data` answer. */
export interface Me {
  id: number;
  nickname: string;
  level: number;
  /** Unread notifications. */
  unread: number;
  /** Unread private messages (the header's 쪽지). */
  unreadMessages: number;
  /** Of the items the page shows, those this member likes (`board:12`), when the server filled
   * the page in; a page whose loader ran for the member says it itself. */
  liked?: string[];
  /** Of the items the page shows, those this member reported (신고함), the same way. */
  reported?: string[];
  /** The fields only members read of the item the page shows (a home's address and contact), by
   * item (`housing:12`), when the server filled the page in: the shared copy has them empty. */
  membersOnly?: Record<string, Record<string, string>>;
  /** This member's own review of the item the page shows (`business:12`), whatever its state, when
   * the server filled the page in: it hides the review form, and one that waits (`held`) is shown
   * to them alone. The shared copy has neither. */
  reviewed?: Record<string, BusinessReviewShown>;
}

/** The header of a shared `.data` answer that names the member it was served to: their `Me` as
 * URI-encoded JSON (a header carries Latin-1 only; nicknames are Korean). */
export const ME_HEADER = 'X-Me';
