import { fakerKO as faker } from '@faker-js/faker';

// Content dates follow today: spread over the last SPAN_DAYS days, reactions soon after, and
// calendar days (deadlines, schedule) counted from the site's today.

export const DAY = 86_400_000;
/** Content dates spread over this many days before now. */
export const SPAN_DAYS = 60;

/** n ascending times over the last SPAN_DAYS days: inserted in this order, newer ids are newer. */
export function spreadDates(n: number, now: number): string[] {
  const step = (SPAN_DAYS * DAY) / Math.max(n, 1);
  return Array.from({ length: n }, (_, i) =>
    new Date(now - SPAN_DAYS * DAY + (i + faker.number.float({ min: 0.1, max: 0.9 })) * step).toISOString(),
  );
}

/** k ascending times in the `days` after `from`, none after now: replies and likes come soon. */
export function laterDates(from: string, k: number, now: number, days = 10): string[] {
  const start = Date.parse(from);
  const end = Math.min(now, start + days * DAY);
  return Array.from({ length: k }, () => start + faker.number.int({ min: 0, max: Math.max(0, end - start) }))
    .sort((a, b) => a - b)
    .map((t) => new Date(t).toISOString());
}

/** A calendar date (YYYY-MM-DD) `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
