// One time format for both databases: ISO-8601 UTC text with milliseconds, which sorts as text.

/** SPEC §9: the empty database date. Shown as empty by shared/format.ts. */
export const EMPTY_DATE = '1000-01-01T00:00:00.000Z';

export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(ms: number, from = Date.now()): string {
  return new Date(from + ms).toISOString();
}
