// One time format for both databases: ISO-8601 UTC text with milliseconds, which sorts as text.

/** SPEC §9: the empty database date. Shown as empty by shared/format.ts. */
export const EMPTY_DATE = '1000-01-01T00:00:00.000Z';

export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(ms: number, from = Date.now()): string {
  return new Date(from + ms).toISOString();
}

/** Today's date (YYYY-MM-DD) in the site's time zone. */
export function todayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The weekday (1 Monday .. 7 Sunday) and HH:MM now in the site's time zone. */
export function clockIn(timeZone: string, at = new Date()): { weekday: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { weekday, time: `${get('hour')}:${get('minute')}` };
}
