import { useState } from 'react';
import { formatMoney } from '#shared/format.ts';
import { type Problems, ProblemText, problemProps } from '../../lib/field-problems.tsx';
import { priceValue, type WriteValue, type WriteValues } from './write-target.ts';
import { CharacterCount } from '../../components/ui/character-count.tsx';

// The write form's labelled controls. Each reads and writes one field of the form's values, and
// shows the field's problem under it (also linked with aria-describedby for screen readers).

export interface FormState {
  values: WriteValues;
  /** Changes a field, which also drops that field's problem. */
  set: (name: string, value: WriteValue) => void;
  problems: Problems;
}

export const inputClass = 'min-h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-lg aria-invalid:border-red-600';

export const fieldId = (name: string) => `write-${name}`;

export function FieldShell({
  form,
  name,
  label,
  wide,
  children,
}: {
  form: FormState;
  name: string;
  label: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <label htmlFor={fieldId(name)} id={`${fieldId(name)}-label`} className="block font-semibold text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      <ProblemText controlId={fieldId(name)} problem={form.problems[name]} />
    </div>
  );
}

/** aria props that tie a control to its error message. */
export function errorProps(form: FormState, name: string) {
  return problemProps(form.problems[name], fieldId(name));
}

export function TextField({
  form,
  name,
  label,
  type = 'text',
  wide,
  placeholder,
  inputMode,
  maxLength,
  lines,
}: {
  form: FormState;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'time';
  wide?: boolean;
  placeholder?: string;
  inputMode?: 'tel' | 'email' | 'url';
  /** The most the server keeps: the field takes no more and counts what it has (12/200). */
  maxLength?: number;
  /** A text of several lines (an organization's officers, one a line): a box this many lines high. */
  lines?: number;
}) {
  const value = String(form.values[name] ?? '');
  const hintId = `${fieldId(name)}-limit`;
  const shared = {
    id: fieldId(name),
    name,
    value,
    placeholder,
    maxLength,
    ...problemProps(form.problems[name], fieldId(name), maxLength ? hintId : undefined),
  };
  return (
    <FieldShell form={form} name={name} label={label} wide={wide}>
      {lines ? (
        <textarea
          {...shared}
          rows={lines}
          onChange={(e) => form.set(name, e.target.value)}
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-lg aria-invalid:border-red-600"
        />
      ) : (
        <input {...shared} type={type} inputMode={inputMode} onChange={(e) => form.set(name, e.target.value)} className={inputClass} />
      )}
      {maxLength ? <CharacterCount hintId={hintId} length={value.length} max={maxLength} /> : null}
    </FieldShell>
  );
}

/** A number box (a rent, a count of rooms, bathrooms in steps of 0.5): what is typed is sent as a
 * number, or as the text it is when it is not one, so that the schema names the problem. */
export function NumberField({ form, name, label, step = 1 }: { form: FormState; name: string; label: string; step?: number }) {
  const stored = form.values[name];
  const [text, setText] = useState(() => (typeof stored === 'string' ? stored : Number(stored) ? String(stored) : ''));
  return (
    <FieldShell form={form} name={name} label={label}>
      <input
        id={fieldId(name)}
        name={name}
        type="number"
        min={0}
        step={step}
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          form.set(name, priceValue(e.target.value));
        }}
        className={inputClass}
        {...problemProps(form.problems[name], fieldId(name))}
      />
    </FieldShell>
  );
}

/** A choice from a list; labels are the stored values unless pairs [value, label] are given.
 * Numeric codes (jobs type, trade state) are stored as numbers. */
export function SelectField({
  form,
  name,
  label,
  options,
  empty = '선택하세요',
}: {
  form: FormState;
  name: string;
  label: string;
  options: readonly (string | readonly [number, string])[];
  empty?: string | null;
}) {
  const numeric = typeof options[0] !== 'string';
  return (
    <FieldShell form={form} name={name} label={label}>
      <select
        id={fieldId(name)}
        name={name}
        value={String(form.values[name] ?? '')}
        onChange={(e) => form.set(name, numeric ? Number(e.target.value) : e.target.value)}
        className={inputClass}
        {...errorProps(form, name)}
      >
        {empty !== null ? <option value="">{empty}</option> : null}
        {options.map((o) => {
          const [value, text] = typeof o === 'string' ? [o, o] : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

/** What the price box shows for what was typed: an amount with thousands separators in the
 * dollars and the cents as typed (a point and at most two digits); anything else as typed, for
 * the check to refuse where it can be seen (issue #32: letters and a minus were dropped, and
 * `abc` or `-5` saved as $0 or $5). */
export function priceText(typed: string): string {
  if (!/^[\d,]*(\.\d*)?$/.test(typed)) return typed;
  const [dollars = '', ...rest] = typed.replace(/,/g, '').split('.');
  const whole = dollars.replace(/^0+(?=\d)/, '').slice(0, 12);
  const shown = whole ? Number(whole).toLocaleString('en-US') : rest.length > 0 ? '0' : '';
  return rest.length > 0 ? `${shown}.${rest.join('').slice(0, 2)}` : shown;
}

/** An amount in dollars and cents: shown with thousands separators while typing, kept as a number
 * (1234.5; pages show $1,234.50); one the page's action refused comes back as it was typed. */
function AmountInput({ form, name, disabled }: { form: FormState; name: string; disabled?: boolean }) {
  const [text, setText] = useState(() => {
    const amount = form.values[name];
    if (typeof amount === 'string') return amount;
    return Number(amount) ? formatMoney(Number(amount)) : '';
  });
  return (
    <input
      id={fieldId(name)}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      placeholder="0.00"
      disabled={disabled}
      onChange={(e) => {
        const shown = priceText(e.target.value);
        setText(shown);
        form.set(name, priceValue(shown));
      }}
      className={`${inputClass} disabled:bg-slate-100`}
      {...errorProps(form, name)}
    />
  );
}

/** An amount in dollars (a job's pay, a home's rent, deposit and price). */
export function AmountField({ form, name, label }: { form: FormState; name: string; label: string }) {
  return (
    <FieldShell form={form} name={name} label={label}>
      <AmountInput form={form} name={name} />
    </FieldShell>
  );
}

/** Market price: an amount, which 무료나눔 (free = 2) sets aside. */
export function PriceField({ form }: { form: FormState }) {
  const free = form.values.free === 2;
  return (
    <FieldShell form={form} name="price" label="가격 ($)">
      <div className="flex items-center gap-3">
        <AmountInput form={form} name="price" disabled={free} />
        <label className="flex min-h-12 shrink-0 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            name="free"
            value={2}
            checked={free}
            onChange={(e) => form.set('free', e.target.checked ? 2 : 1)}
            className="size-5"
          />
          무료나눔
        </label>
      </div>
    </FieldShell>
  );
}
