import type { CategorySection } from '#shared/categories.ts';
import { BoardFree, JobsType, MarketStatus } from '#shared/enums.ts';
import { htmlSourceField, linesToHtml } from '../../lib/paragraphs.ts';
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
    const fields = ['category', 'subcategory', 'title', 'tel', 'address', 'url', 'location', ...hours, 'closeddays', 'content'];
    return { ...Object.fromEntries(fields.map((f) => [f, ''])), images: [] };
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
  const values = Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, (item[k] ?? d) as WriteValue]));
  // An item whose client set only SPEC §3's `image` keeps that photo as its first.
  const images = values.images as string[] | undefined;
  if (images?.length === 0 && item.image) values.images = [String(item.image)];
  return values;
}

/** The server's own schema, so the client shows the same Korean messages before sending. */
export const SAVE_SCHEMAS = { board: BoardSaveSchema, jobs: JobsSaveSchema, business: BusinessSaveSchema } as const;

/** Jobs fields that belong to a 구인 post only: a 구직 (job seeking) post has no company and no
 * deadline, so they are neither shown nor sent (a deadline left from switching would expire it). */
export const RECRUIT_ONLY_FIELDS = ['companyname', 'limitdate', 'manager'] as const;

export const isSeeking = (target: Pick<WriteTarget, 'resource'>, values: WriteValues) =>
  target.resource === 'jobs' && Number(values.type) === JobsType.seeking;

/** What a save sends (the API's body, and the page action's too): the form's fields, the id,
 * the board section and the thumbnail (the first photo). */
export function saveBody(target: WriteTarget, id: number, values: WriteValues): Record<string, WriteValue> {
  const images = values.images as string[] | undefined;
  const seeking = isSeeking(target, values);
  return {
    ...values,
    ...(seeking ? Object.fromEntries(RECRUIT_ONLY_FIELDS.map((f) => [f, ''])) : {}),
    // 무료나눔 has no price: whatever the (disabled) box still holds is not sent.
    ...(values.free === BoardFree.free ? { price: 0 } : {}),
    id,
    ...(target.topcategory ? { topcategory: target.topcategory } : {}),
    ...(images ? { image: images[0] ?? '' } : {}),
  };
}

/** A price as typed: a number without its separators, 0 when empty; anything that is not a
 * number stays the text it is, so that the schema refuses it (숫자를 입력하세요) rather than the
 * listing being saved at $0 (issue #32). */
export function priceValue(typed: string): WriteValue {
  const plain = typed.replace(/,/g, '').trim();
  if (plain === '') return 0;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : typed;
}

/** The form's fields as a browser without JavaScript posts them: numbers back to numbers, the
 * photos already on the item from their hidden fields, the price as priceValue() reads it, the
 * 무료나눔 box as 2 when ticked, the ticked closed days as "6,7", and the plain text box of the
 * content as paragraphs, or as the HTML it holds when the box was given a formatted post's HTML. */
export function valuesFromForm(target: Pick<WriteTarget, 'resource' | 'section'>, form: FormData): WriteValues {
  const defaults = formDefaults(target);
  const text = (name: string) => (form.get(name) ?? '').toString();
  return Object.fromEntries(
    Object.entries(defaults).map(([name, d]) => {
      if (Array.isArray(d)) return [name, form.getAll(name).map(String).filter(Boolean)];
      if (name === 'free') return [name, text(name) === String(BoardFree.free) ? BoardFree.free : BoardFree.paid];
      if (name === 'price') return [name, priceValue(text(name))];
      if (typeof d === 'number') return [name, Number(text(name)) || d];
      if (name === 'content' || name === 'econtent') {
        // A form sends its text box's line breaks as CRLF; stored HTML keeps LF.
        return [name, form.has(htmlSourceField(name)) ? text(name).replace(/\r\n?/g, '\n') : linesToHtml(text(name))];
      }
      if (name === 'closeddays') return [name, form.getAll(name).join(',')];
      return [name, text(name)];
    }),
  );
}
