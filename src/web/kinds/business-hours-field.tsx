import { closedDaysOf, WEEKDAY_NAMES } from '#shared/business-hours.ts';
import { type FormState, TextField } from '../features/editor/form-fields.tsx';
import type { FormField } from '../features/editor/write-fields.tsx';

// A business listing's hours on its write form: weekday, weekend and break hours and the closed
// days (PRODUCT.md: they drive the 영업중 badge).

const ROWS = [
  ['평일', 'starttime', 'endtime'],
  ['주말', 'weekendstarttime', 'weekendendtime'],
  ['브레이크', 'breakstarttime', 'breakendtime'],
] as const;

function BusinessHours({ form }: { form: FormState }) {
  return (
    // A time input needs about 170 px for 오후 12:45 and its clock: one a line on a phone, a pair
    // a line from 26rem, the three pairs side by side only where each has that room (issue #32).
    <fieldset className="grid gap-3 sm:col-span-2 lg:grid-cols-3">
      <legend className="mb-2 font-semibold text-slate-800">
        영업 시간 <span className="font-normal text-slate-500">(주말을 비우면 평일과 같습니다)</span>
      </legend>
      {ROWS.map(([label, start, end]) => (
        <div key={start} className="grid gap-2 min-[26rem]:grid-cols-2">
          <TextField form={form} name={start} label={`${label} 시작`} type="time" />
          <TextField form={form} name={end} label={`${label} 종료`} type="time" />
        </div>
      ))}
      <ClosedDays form={form} />
    </fieldset>
  );
}

/** 휴무일: a box per weekday, kept as ISO weekdays "6,7" (shared/business-hours.ts). */
function ClosedDays({ form }: { form: FormState }) {
  const days = closedDaysOf(String(form.values.closeddays ?? ''));
  const toggle = (day: number, on: boolean) => {
    const next = on ? [...days, day] : days.filter((d) => d !== day);
    form.set('closeddays', next.sort().join(','));
  };
  return (
    <fieldset className="lg:col-span-3">
      <legend className="font-semibold text-slate-800">휴무일</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {WEEKDAY_NAMES.map((name, i) => (
          <label
            key={name}
            className="flex min-h-12 min-w-12 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 font-semibold has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700"
          >
            <input
              type="checkbox"
              name="closeddays"
              value={i + 1}
              checked={days.includes(i + 1)}
              onChange={(e) => toggle(i + 1, e.target.checked)}
              className="size-5"
            />
            {name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The hours' fields: the fieldset, drawn at the first, holds them all; the ticked closed days
 * come back without JavaScript as "6,7". */
export const hoursFields: FormField[] = [
  ...ROWS.flatMap(([, start, end]) => [start, end]).map(
    (name, i): FormField => ({ name, initial: '', ...(i === 0 ? { Control: BusinessHours } : {}) }),
  ),
  { name: 'closeddays', initial: '', read: (form, name) => form.getAll(name).join(',') },
];
