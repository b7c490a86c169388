import { sql } from 'kysely';
import { enumValues, JobsType, PayUnit, PayUnitLabel, Visa } from '#shared/enums.ts';
import { AppError } from '#shared/errors.ts';
import { formatMoney } from '#shared/format.ts';
import { ErrorKey } from '#shared/messages.ts';
import { hasPay, lowestPayIn, type Pay } from '#shared/pay.ts';
import type { AnyQuery } from '#server/db/list-query.ts';

// A job's pay and visa terms on the server (PRODUCT.md "Jobs say pay and visa"): how the visa set
// is stored, the minimum-wage rule, and the list's `visa` and `minpay` conditions.

/** The stored visa set: bit (code - 1) for each code. */
export function visaBits(codes: readonly number[]): number {
  return codes.reduce((bits, code) => bits | (1 << (code - 1)), 0);
}

export function visaCodes(bits: number): number[] {
  return enumValues(Visa).filter((code) => bits & (1 << (code - 1)));
}

/** With MIN_WAGE_HOURLY set, a 구인 may not offer less than it an hour, its pay's lower end read
 * as an hourly equivalent: a 400 on `paymin` that says the minimum in the job's unit. 구직 posts
 * say what a person asks for, and are not checked. */
export function requireMinimumWage(minimum: number | undefined, job: Pay & { type: number }): void {
  if (minimum === undefined || job.type !== JobsType.recruit || !hasPay(job)) return;
  const lowest = lowestPayIn(minimum, job.payunit);
  if (job.paymin >= lowest) return;
  const inUnit = job.payunit === PayUnit.hour ? '' : ` (${PayUnitLabel[job.payunit]} $${formatMoney(lowest)} 이상)`;
  throw new AppError(400, ErrorKey.invalid, {
    field: 'paymin',
    detail: `최소 급여는 최저임금 시급 $${formatMoney(minimum)} 이상이어야 합니다${inUnit}`,
  });
}

/** Jobs whose visa terms hold this code: a bit of a column on the rows the list reads anyway. */
export function withVisa(q: AnyQuery, code: number): AnyQuery {
  return q.where(sql<number>`${sql.ref('visa')} & ${1 << (code - 1)}`, '<>', 0);
}

/** Jobs whose top of the range reaches an hourly pay, in each unit's hourly equivalent. */
export function payingAtLeast(q: AnyQuery, hourly: number): AnyQuery {
  return q.where((eb) =>
    eb.or(
      Object.values(PayUnit).map((unit) => {
        const lowest = lowestPayIn(hourly, unit);
        return eb.and([eb('payunit', '=', unit), eb.or([eb('paymin', '>=', lowest), eb('paymax', '>=', lowest)])]);
      }),
    ),
  );
}
