import { LOCATIONS, SECTION_CATEGORIES, type CategorySection } from '#shared/categories.ts';
import { BoardFree } from '#shared/enums.ts';
import { TITLE_MAX } from '#shared/limits.ts';
import { AmountField, type FormState, NumberField, PriceField, SelectField, TextField } from './form-fields.tsx';
import { RichEditor } from './rich-editor.tsx';
import { priceValue, readRichText, type WriteField, type WriteValue, type WriteValues } from './write-target.ts';

// The write form's fields as kinds declare them (web/kinds): the fields most kinds share, and
// builders for a kind's own. A field names its value, a new item's value, its control and when
// the form has it; the form (write-form.tsx) draws them in the declared order.

export interface ControlProps {
  form: FormState;
  /** An edit (not a new item). */
  editing: boolean;
  /** Whose categories the form offers. */
  section: CategorySection;
}

/** A field with its control, if it has one of its own. */
export interface FormField extends WriteField {
  Control?: (props: ControlProps) => React.ReactNode;
}

type TextOptions = Omit<React.ComponentProps<typeof TextField>, 'form' | 'name' | 'label'>;

/** A text box (text, date, time, tel ...). */
export const textField = (name: string, label: string, options: TextOptions = {}, shown?: FormField['shown']): FormField => ({
  name,
  initial: '',
  Control: ({ form }) => <TextField form={form} name={name} label={label} {...options} />,
  shown,
});

/** A number or an amount as typed, posted without JavaScript as the box's text. */
const readAmount = (form: FormData, name: string): WriteValue => priceValue((form.get(name) ?? '').toString());

/** A number (a count, bathrooms in steps of 0.5): sent as a number, empty as 0. Money is an
 * `amountField`. */
export const numberField = (name: string, label: string, step = 1, shown?: FormField['shown']): FormField => ({
  name,
  initial: 0,
  Control: ({ form }) => <NumberField form={form} name={name} label={label} step={step} />,
  read: readAmount,
  shown,
});

/** A choice of coded values [code, label] (stored as numbers), none empty; its label may depend on
 * the form's other values. */
export const codeField = (
  name: string,
  label: string | ((values: WriteValues) => string),
  labels: Record<number, string>,
  initial: number,
  shown?: FormField['shown'],
): FormField => {
  const options = Object.entries(labels).map(([v, l]) => [Number(v), l] as const);
  return {
    name,
    initial,
    Control: ({ form }) => (
      <SelectField form={form} name={name} label={typeof label === 'string' ? label : label(form.values)} options={options} empty={null} />
    ),
    shown,
  };
};

/** A choice from a list of words, stored as the word itself; its label may depend on the form's
 * other values. */
export const wordField = (name: string, label: string | ((values: WriteValues) => string), words: readonly string[]): FormField => ({
  name,
  initial: '',
  Control: ({ form }) => (
    <SelectField form={form} name={name} label={typeof label === 'string' ? label : label(form.values)} options={words} />
  ),
});

/** The section's categories (sections.ts). */
export const categoryField: FormField = {
  name: 'category',
  initial: '',
  Control: ({ form, section }) => <SelectField form={form} name="category" label="분류" options={SECTION_CATEGORIES[section]} />,
};

/** The item's title, or what the kind calls it (업소명). */
export const titleField = (label = '제목'): FormField => textField('title', label, { wide: true, maxLength: TITLE_MAX });

export const locationField = wordField('location', '지역', LOCATIONS);
export const telField = textField('tel', '전화번호', { type: 'tel', inputMode: 'tel' });
export const emailField = textField('email', '이메일', { type: 'email', inputMode: 'email' });
export const homepageField = textField('url', '홈페이지', { type: 'url', inputMode: 'url', placeholder: 'https://' });

/** A formatted text (the editor; plain paragraphs without JavaScript). */
export const richField = (name: string, label: string): FormField => ({
  name,
  initial: '',
  Control: ({ form }) => <RichEditor form={form} name={name} label={label} />,
  read: readRichText,
});

export const contentField = richField('content', '내용');

/** Photos, taken by the picker at the form's end (up to 10). */
export const imagesField: FormField = { name: 'images', initial: [] };
/** SPEC §3's thumbnail, which a save sets to the first photo. */
export const thumbnailField: FormField = { name: 'image', initial: '' };

/** An amount in dollars with thousands separators as typed (0 when left empty). */
export const amountField = (name: string, label: string, shown?: FormField['shown']): FormField => ({
  name,
  initial: 0,
  Control: ({ form }) => <AmountField form={form} name={name} label={label} />,
  read: readAmount,
  shown,
});

const isFree = (values: WriteValues) => values.free === BoardFree.free;

/** A price in dollars with its 무료나눔 box: 무료나눔 (free = 2) has no price. */
export const priceFields: FormField[] = [
  {
    name: 'price',
    initial: 0,
    Control: ({ form }) => <PriceField form={form} />,
    sent: (values) => !isFree(values),
    read: readAmount,
  },
  {
    name: 'free',
    initial: BoardFree.paid,
    read: (form, name) => (form.get(name) === String(BoardFree.free) ? BoardFree.free : BoardFree.paid),
  },
];
