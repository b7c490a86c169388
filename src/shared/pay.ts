import { PayUnit, PayUnitLabel } from './enums.ts';
import { formatMoney } from './format.ts';

// A job's pay (PRODUCT.md "Jobs say pay and visa"): a range in one unit, compared across units by
// its hourly equivalent.

/** Hours a unit of pay stands for: 8 a day, 40 a week, 173.33 a month, 2,080 a year. */
export const HOURS_PER_UNIT: Record<number, number> = {
  [PayUnit.hour]: 1,
  [PayUnit.day]: 8,
  [PayUnit.week]: 40,
  [PayUnit.month]: 173.33,
  [PayUnit.year]: 2080,
};

/** The currency of every amount the site shows ($). */
export const PAY_CURRENCY = 'USD';

/** schema.org's unitText for each unit (a JobPosting's baseSalary). */
export const SCHEMA_PAY_UNIT: Record<number, string> = {
  [PayUnit.hour]: 'HOUR',
  [PayUnit.day]: 'DAY',
  [PayUnit.week]: 'WEEK',
  [PayUnit.month]: 'MONTH',
  [PayUnit.year]: 'YEAR',
};

export interface Pay {
  paymin: number;
  paymax: number;
  payunit: number;
}

/** A pay is given when its lower end is: the upper end alone says nothing a seeker can hold to. */
export function hasPay(pay: Pay): boolean {
  return pay.paymin > 0 && HOURS_PER_UNIT[pay.payunit] !== undefined;
}

/** The top of the range (its lower end when it has no upper one). */
export function payTop(pay: Pay): number {
  return Math.max(pay.paymin, pay.paymax);
}

/** The lowest pay in a unit that reaches an hourly minimum: that unit's hours at `hourly`,
 * rounded up to the cent (a month at $16.90 an hour is $2,929.28). */
export function lowestPayIn(hourly: number, unit: number): number {
  // The small step down keeps a product like 16.9 × 2080 = 35152.000000004 from rounding a cent up.
  return Math.ceil(hourly * (HOURS_PER_UNIT[unit] ?? 1) * 100 - 1e-6) / 100;
}

/** "시급 $18 ~ $22", "월급 $4,000", or 급여 협의 without a pay. */
export function formatPay(pay: Pay): string {
  if (!hasPay(pay)) return '급여 협의';
  const unit = PayUnitLabel[pay.payunit];
  const low = `$${formatMoney(pay.paymin)}`;
  return pay.paymax > pay.paymin ? `${unit} ${low} ~ $${formatMoney(pay.paymax)}` : `${unit} ${low}`;
}
