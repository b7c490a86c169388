import type { ZodType } from 'zod';
import type { CategorySection } from '#shared/categories.ts';
import { htmlSourceField, linesToHtml } from '../../lib/paragraphs.ts';
import type { SectionTable } from '#shared/schemas/content.ts';
import { itemPagesOf, listOf, type Section } from '#shared/sections.ts';

// What a write page edits: which resource, which section's choices, and which fields its form
// has (the kind's declaration, web/kinds). A save sends only these fields (PUT merges them over
// the stored item), so fields the form does not show (admin-only `type`/`main`, a reply's
// `parent` ...) are never overwritten.

export type WriteResource = SectionTable;
export type WriteValue = string | number | string[] | number[];
export type WriteValues = Record<string, WriteValue>;

/** One value of a kind's write form (its control: write-fields.tsx's FormField). */
export interface WriteField {
  /** The API's field. */
  name: string;
  /** A new item's value (SPEC §3's defaults). */
  initial: WriteValue;
  /** Whether the form has it for these values: a 구직 post has no company. One it has not is
   * neither shown nor sent as typed: a save sends its new item's value (a deadline left from
   * switching would expire the post). */
  shown?: (values: WriteValues, editing: boolean) => boolean;
  /** Whether what it holds is sent, else its new item's value: 무료나눔 has no price, whatever
   * the (disabled) box still holds. */
  sent?: (values: WriteValues) => boolean;
  /** Its value as a browser without JavaScript posts it, where that is not the text of the
   * control of its name (numbers come back as numbers, lists from every control of the name). */
  read?: (form: FormData, name: string) => WriteValue;
}

/** A kind's write form: the server's own save schema (so the client shows the same Korean
 * messages before sending) and its fields, in the form's order. */
export interface WriteKind<Field extends WriteField = WriteField> {
  schema: ZodType;
  fields: readonly Field[];
}

export interface WriteTarget<Field extends WriteField = WriteField> extends WriteKind<Field> {
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

/** The target of a section's write page: the section's storage and list (sections.ts), and its
 * kind's form. */
export function writeTargetOf<Field extends WriteField>(section: Section, write: WriteKind<Field>): WriteTarget<Field> {
  const { table, topcategory } = section.storage;
  const list = listOf(section);
  const pages = itemPagesOf(section);
  return {
    ...write,
    resource: table,
    section: section.key,
    topcategory: table === 'board' ? topcategory : 0,
    listPath: list.path,
    detailPath: (id) => (pages ? `${pages}/${id}` : list.path),
  };
}

/** The form's fields with a new item's values. */
export function formDefaults(target: Pick<WriteTarget, 'fields'>): WriteValues {
  return Object.fromEntries(target.fields.map((f) => [f.name, f.initial]));
}

/** A stored item's values for the form's fields (anything missing takes the default). */
export function formValues(target: Pick<WriteTarget, 'fields'>, item?: Record<string, unknown>): WriteValues {
  const defaults = formDefaults(target);
  if (!item) return defaults;
  const values = Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, (item[k] ?? d) as WriteValue]));
  // An item whose client set only SPEC §3's `image` keeps that photo as its first.
  const images = values.images as string[] | undefined;
  if (images?.length === 0 && item.image) values.images = [String(item.image)];
  return values;
}

/** Whether the form has this field for these values (WriteField.shown). */
export const isShown = (field: WriteField, values: WriteValues, editing: boolean) => field.shown?.(values, editing) ?? true;

/** What a save sends (the API's body, and the page action's too): the form's fields (those it
 * does not have or send, at a new item's value), the id, the board section and the thumbnail
 * (the first photo). */
export function saveBody(target: WriteTarget, id: number, values: WriteValues): Record<string, WriteValue> {
  const images = values.images as string[] | undefined;
  const unsent = target.fields.filter((f) => !isShown(f, values, id > 0) || !(f.sent?.(values) ?? true));
  return {
    ...values,
    ...Object.fromEntries(unsent.map((f) => [f.name, f.initial])),
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

/** The form's fields as a browser without JavaScript posts them: each as its field reads it (the
 * price, 무료나눔, the closed days, the content's text box), numbers back to numbers and the
 * photos already on the item from their hidden fields. */
export function valuesFromForm(target: Pick<WriteTarget, 'fields'>, form: FormData): WriteValues {
  const text = (name: string) => (form.get(name) ?? '').toString();
  return Object.fromEntries(
    target.fields.map(({ name, initial: d, read }) => {
      if (read) return [name, read(form, name)];
      if (Array.isArray(d)) return [name, form.getAll(name).map(String).filter(Boolean)];
      if (typeof d === 'number') return [name, Number(text(name)) || d];
      return [name, text(name)];
    }),
  );
}

/** A rich text field's value as posted without JavaScript: the plain text box's lines as
 * paragraphs, or the HTML it holds when the box was given a formatted post's HTML. */
export function readRichText(form: FormData, name: string): WriteValue {
  const text = (form.get(name) ?? '').toString();
  // A form sends its text box's line breaks as CRLF; stored HTML keeps LF.
  return form.has(htmlSourceField(name)) ? text.replace(/\r\n?/g, '\n') : linesToHtml(text);
}
