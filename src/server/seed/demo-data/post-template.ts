import type { DemoImageKey } from '../images.ts';
import type { Location } from './places.ts';

/** One post of the life, community, organizations or FAQ section. */
export interface PostTemplate {
  category: string;
  title: string;
  body: string;
  image?: DemoImageKey;
  location?: Location;
  /** An organization's page: how to reach it, who runs it, when it is open. */
  about?: Partial<Record<'tel' | 'email' | 'address' | 'url' | 'kakao' | 'officers' | 'hours', string>>;
}
