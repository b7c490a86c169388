import { VisaLabel } from '#shared/enums.ts';
import { errorProps, type FormState, fieldId } from '../features/editor/form-fields.tsx';
import type { FormField } from '../features/editor/write-fields.tsx';
import { ProblemText } from '../lib/field-problems.tsx';

// A job's visa terms on its write form (PRODUCT.md "Jobs say pay and visa"): a box for each, any
// number ticked; without JavaScript the ticked boxes post their codes.

const VISA_OPTIONS = Object.entries(VisaLabel).map(([code, label]) => [Number(code), label] as const);

function VisaBoxes({ form }: { form: FormState }) {
  const ticked = (form.values.visa ?? []) as number[];
  const toggle = (code: number, on: boolean) => {
    const next = on ? [...ticked, code] : ticked.filter((c) => c !== code);
    form.set(
      'visa',
      next.sort((a, b) => a - b),
    );
  };
  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-semibold text-slate-800">비자 조건</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {VISA_OPTIONS.map(([code, label], i) => (
          <label
            key={code}
            className="flex min-h-12 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 font-semibold whitespace-nowrap has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700"
          >
            <input
              type="checkbox"
              name="visa"
              value={code}
              checked={ticked.includes(code)}
              onChange={(e) => toggle(code, e.target.checked)}
              className="size-5"
              // The first box stands for the field: a refusal focuses it and is read with it.
              {...(i === 0 ? { id: fieldId('visa'), ...errorProps(form, 'visa') } : {})}
            />
            {label}
          </label>
        ))}
      </div>
      <ProblemText controlId={fieldId('visa')} problem={form.problems.visa} />
    </fieldset>
  );
}

export const visaField: FormField = {
  name: 'visa',
  initial: [],
  Control: VisaBoxes,
  read: (form, name) => form.getAll(name).map(Number).filter(Boolean),
};
