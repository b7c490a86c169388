import type { ComponentType } from 'react';
import type { BoardRecord, BusinessRecord, HousingRecord, JobsRecord } from '#shared/api.ts';
import type { SiteClock } from '#shared/business-hours.ts';
import { type CategorySection, LOCATIONS, SECTION_CATEGORIES } from '#shared/categories.ts';
import type { KindModeration } from '../features/admin/moderation-actions.ts';
import type { FormField } from '../features/editor/write-fields.tsx';
import type { WriteKind } from '../features/editor/write-target.ts';

// What the web side knows of one kind of item (a section of sections.ts): its list's filters,
// sorts, fields and cards, its page's body, its write form, its home box and its listing rule.
// The generic list, page, write, admin, home and my-page code reads these and names no kind;
// each kind's declaration is a file beside this one, listed once in kinds/index.ts.

/** Every stored field any kind's page may read: a kind's own components pick theirs. */
export type KindItem = BoardRecord & JobsRecord & BusinessRecord & HousingRecord;

type Option = [value: string, label: string];
/** A list filter: a select of options, a checkbox (value '1'), or a number or date box (a range is
 * two of them, `min…` and `max…`). Its name is the API's query parameter. */
export type Filter = { name: string; label: string } & (
  | { kind: 'select'; options: Option[] }
  | { kind: 'check' }
  | { kind: 'number' | 'date' }
);

export const select = (name: string, label: string, options: Option[]): Filter => ({ name, label, kind: 'select', options });
export const labels = (values: readonly string[]): Option[] => values.map((v) => [v, v]);
/** The section's own categories (sections.ts). */
export const category = (section: CategorySection) => select('category', '분류', labels(SECTION_CATEGORIES[section]));
export const location = select('location', '지역', labels(LOCATIONS));

/** What a list's cards are drawn with. */
export interface CardsProps {
  items: KindItem[];
  /** The section's path: an item's page is `${base}/${id}`. */
  base: string;
  timeZone: string;
  today: string;
  /** Lists of kinds with `clock` only. */
  clock?: SiteClock;
  /** Lists whose entries open in place: the anchors' prefix (sections.ts `inPlace`). */
  anchor?: string;
}

/** What an item's page body is drawn with. */
export interface BodyProps {
  item: KindItem;
  timeZone: string;
  today: string;
  clock?: SiteClock;
}

/** A row of a home page box: the columns its kind's box reads (`home.columns`). */
export type HomeRow = Pick<KindItem, 'id' | 'title'> & Partial<KindItem>;

/** What a home box's row parts are drawn with: the row, and the page's time. */
export interface HomeRowProps {
  row: HomeRow;
  timeZone: string;
  today: string;
  clock: SiteClock;
}

export interface WebKind {
  list: {
    filters: Filter[];
    /** The page's sort names and the API's sort for each; the first is the default. */
    sorts?: [value: string, label: string, api: string][];
    /** The API's sort of a list without sort names (the API's default when left out). */
    order?: string;
    /** The fields its cards read beyond every list's own (LISTED in routes/section-list.tsx): a
     * page's data carries only these, not every item's whole text. */
    fields: readonly string[];
    Cards: ComponentType<CardsProps>;
    /** The keyword box's words, where they are not the board's. */
    keyword?: { label: string; placeholder: string };
  };
  /** Its list and pages show the time of day (영업중): only these carry a clock that goes stale. */
  clock?: boolean;
  /** The item's page between its title area and its attachments. */
  Body: ComponentType<BodyProps>;
  write: WriteKind<FormField>;
  /** Its box on the home page, in kinds/index.ts's order: a title, the list query, the columns
   * its rows read, what goes before a row's title (`Badges`) and the line under it (`Line`; by
   * default its date). A box of a kind with `clock` turns with the minute. */
  home?: {
    title: string;
    query: Record<string, string>;
    columns: readonly string[];
    photos?: boolean;
    Badges?: ComponentType<HomeRowProps>;
    Line?: ComponentType<HomeRowProps>;
  };
  /** Its part of moderation (the admin list and the item's box): its name, `close`, flags. */
  moderation?: KindModeration;
  /** A listing that closes and is bumped (끌어올리기, shared/freshness.ts): it is in 내 판매·구인
   * 글, with the badge of its trade state where it has one. */
  listing?: { state?: { field: string; Badge: ComponentType<{ status: number }> } };
  /** Members talk with its author about an item (채팅하기 on its page, not for the author); the
   * conversation shows the item at its top with `Facts` (its price, its trade state). */
  chat?: { Facts: ComponentType<{ item: KindItem }> };
  /** Members rate its items and write reviews on their pages (업소 후기), which its owner answers. */
  reviews?: boolean;
}
