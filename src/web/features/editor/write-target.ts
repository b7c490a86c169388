import type { CategorySection } from '#shared/categories.ts';
import { BoardFree, JobsType, MarketStatus } from '#shared/enums.ts';
import { BoardSaveSchema, BusinessSaveSchema, JobsSaveSchema, type SectionTable } from '#shared/schemas/content.ts';
import { itemPagesOf, listOf, sectionOfPath } from '#shared/sections.ts';

// What a write page edits: which resource, which section's choices, and which fields its form
// has. A save sends only these fields (PUT merges them over the stored item), so fields the form
// does not show (admin-only `type`/`main`, a reply's `parent` ...) are never overwritten.

export type WriteResource = SectionTable;
export type WriteValue = string | number | string[];
export type WriteValues = Record<string, WriteValue>;

export interface WriteTarget {
  resource: WriteResource;
  /** Whose categories the form offers. */
  section: CategorySection;
  /** Board posts only: the section's topcategory, sent with every save. */
  topcategory: number;
  /** The list, for the breadcrumb and the way back. */
  listPath: string;
  /** Where a saved item is shown; FAQ answers have no page of their own, so their list. */
  detailPath: (id: number) => string;
}

/** The target of a write path (`/market/write`, `/customer/write` ...): the section's storage and
 * list (sections.ts). Only the sections the route table gives a write page reach here. */
export function writeTargetOf(pathname: string): WriteTarget | undefined {
  const section = sectionOfPath(pathname);
  if (!section) return undefined;
  const { table, topcategory } = section.storage;
  const list = listOf(section);
  const pages = itemPagesOf(section);
  return {
    resource: table,
    section: section.key,
    topcategory: table === 'board' ? topcategory : 0,
    listPath: list.path,
    detailPath: (id) => (pages ? `${pages}/${id}` : list.path),
  };
}

/** The form's fields with a new item's values (SPEC §3's defaults). Location belongs to the
 * sections whose lists filter by it; market adds price and trade state, news an English version. */
export function formDefaults(target: Pick<WriteTarget, 'resource' | 'section'>): WriteValues {
  if (target.resource === 'jobs') {
    return {
      type: JobsType.recruit,
      title: '',
      companyname: '',
      category: '',
      location: '',
      employmenttype: '',
      limitdate: '',
      tel: '',
      email: '',
      url: '',
      manager: '',
      content: '',
    };
  }
  if (target.resource === 'business') {
    const hours = ['starttime', 'endtime', 'weekendstarttime', 'weekendendtime', 'breakstarttime', 'breakendtime'];
    const fields = ['category', 'subcategory', 'title', 'tel', 'address', 'url', 'location', ...hours, 'image', 'content'];
    return Object.fromEntries(fields.map((f) => [f, '']));
  }
  const s = target.section;
  return {
    title: '',
    category: '',
    ...(s === 'life' || s === 'market' ? { location: '' } : {}),
    ...(s === 'market' ? { price: 0, free: BoardFree.paid, marketstatus: MarketStatus.intrade } : {}),
    ...(s === 'news' ? { etitle: '', econtent: '' } : {}),
    content: '',
    images: [],
    image: '',
  };
}

/** A stored item's values for the form's fields (anything missing takes the default). */
export function formValues(target: Pick<WriteTarget, 'resource' | 'section'>, item?: Record<string, unknown>): WriteValues {
  const defaults = formDefaults(target);
  if (!item) return defaults;
  return Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, (item[k] ?? d) as WriteValue]));
}

/** The server's own schema, so the client shows the same Korean messages before sending. */
export const SAVE_SCHEMAS = { board: BoardSaveSchema, jobs: JobsSaveSchema, business: BusinessSaveSchema } as const;
