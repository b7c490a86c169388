// SPEC §9: every visible number, size and date goes through here, with the site's time zone
// passed in, so the server render and the hydrated page print the same text.

/** SPEC §9: a range's default start and end times, and the database's empty date and time. */
export const RANGE_START_TIME = '00:00:00';
export const RANGE_END_TIME = '23:59:59';
export const EMPTY_DATE = '1000-01-01';
export const EMPTY_TIME = '00:00:00';

/** SPEC §9: dates that mean "none" and display as empty (with or without a time part). */
const EMPTY_DATES = new Set(['0000-00-00', EMPTY_DATE, '9999-01-01']);

export function isEmptyDate(value: string | null | undefined): boolean {
  return !value || EMPTY_DATES.has(value.slice(0, 10));
}

const dollarsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const centsFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Thousands separators; a float is floored to 2 decimals and shows both (1234.567 → "1,234.56",
 * 1234.5 → "1,234.50"), whole dollars none. Rounding to 12 significant digits first keeps 0.29
 * from flooring to 0.28 (0.29 * 100 = 28.999...). */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  if (n === null || n === undefined || value === '' || !Number.isFinite(n)) return '';
  const cents = Math.floor(Number((n * 100).toPrecision(12)));
  return cents % 100 === 0 ? dollarsFormat.format(cents / 100) : centsFormat.format(cents / 100);
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** B, KB, MB, GB, TB (1024 apart) with 1 decimal; whole bytes need none ("512 B", "1.5 KB").
 * The unit is chosen after rounding, so 1,048,575 bytes read "1.0 MB", not "1024.0 KB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.floor(bytes)} B`;
  let size = bytes / 1024;
  let unit = 1;
  while (Number(size.toFixed(1)) >= 1024 && unit < SIZE_UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${size.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

export type DatePattern = 'YYYY-MM-DD' | 'YYYY년 MM월 DD일';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl formatter costs far more than using one, and pages format many dates: one
// formatter per time zone, kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function formatOf(formats: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, ...options });
    formats.set(timeZone, f);
  }
  return f;
}

const DAY_MS = 86_400_000;
/** Each zone's UTC offset through each UTC day (by day number) that it keeps one offset all day;
 * NaN for a day it changes its clocks. Using a formatter costs microseconds, adding an offset
 * nanoseconds, and a page's dates fall on a few days (a list page formats twenty or more). */
const dayOffsets = new Map<string, Map<number, number>>();
/** YYYY-MM-DD of each day number. */
const dayNames = new Map<number, string>();
/** Days remembered (per zone, and named) before the list starts over. */
const MAX_DAYS = 4096;
/** Instants with four-digit years on both ways of writing a date. */
const OFFSET_FROM = Date.UTC(1000, 0, 2);
const OFFSET_TO = Date.UTC(9999, 11, 30);

/** A zone's UTC offset in ms at an instant on a whole second: its wall clock read as UTC, less the instant. */
export function offsetAt(timeZone: string, ms: number): number {
  const clock = formatOf(clockFormats, timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p = Object.fromEntries(clock.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second) - ms;
}

/** The calendar date of an instant in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  const ms = at.getTime();
  const offset = ms >= OFFSET_FROM && ms <= OFFSET_TO ? dayOffset(timeZone, Math.floor(ms / DAY_MS)) : Number.NaN;
  if (Number.isNaN(offset)) return formatOf(dayFormats, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const local = Math.floor((ms + offset) / DAY_MS);
  let ymd = dayNames.get(local);
  if (ymd === undefined) {
    if (dayNames.size >= MAX_DAYS) dayNames.clear();
    ymd = new Date(local * DAY_MS).toISOString().slice(0, 10);
    dayNames.set(local, ymd);
  }
  return ymd;
}

/** The zone's offset all through a UTC day, or NaN if it changes its clocks that day. */
function dayOffset(timeZone: string, day: number): number {
  let offsets = dayOffsets.get(timeZone);
  if (!offsets || offsets.size >= MAX_DAYS) {
    offsets = new Map();
    dayOffsets.set(timeZone, offsets);
  }
  let offset = offsets.get(day);
  if (offset === undefined) {
    const first = offsetAt(timeZone, day * DAY_MS);
    offset = first === offsetAt(timeZone, (day + 1) * DAY_MS - 1000) ? first : Number.NaN;
    offsets.set(day, offset);
  }
  return offset;
}

/** The UTC instant of midnight on a calendar date in a time zone (the zone's offset at that
 * moment, read from Intl, subtracted from UTC midnight). */
export function zonedMidnight(ymd: string, timeZone: string): string {
  const utc = Date.parse(`${ymd}T00:00:00Z`);
  return new Date(utc - offsetAt(timeZone, utc)).toISOString();
}

/** When the date in a time zone next changes after `at`: its next midnight, as Date.now() ms. */
export function nextMidnight(timeZone: string, at: Date = new Date()): number {
  // Noon of today's date, a day on: the next date, whatever the zone's offset does overnight.
  const tomorrow = new Date(Date.parse(`${todayIn(timeZone, at)}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return Date.parse(zonedMidnight(tomorrow, timeZone));
}

/** SPEC §9's default range over calendar dates in a time zone, from `from` 00:00:00 to `to`
 * 23:59:59, as the UTC instants stored dates are compared with: at or after `start`, before `end`
 * (the next day's midnight, so every fraction of the last second is in). */
export function zonedDayRange(from: string | undefined, to: string | undefined, timeZone: string): { start?: string; end?: string } {
  const next = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : undefined;
  return { start: from ? zonedMidnight(from, timeZone) : undefined, end: next ? zonedMidnight(next, timeZone) : undefined };
}

/** A stored date in one of SPEC §9's patterns. Timestamps (ISO UTC text) are shown as the date
 * in `timeZone`; a date-only value is a calendar date already and is never shifted. Empty or
 * unreadable values print as ''. */
export function formatDate(value: string | null | undefined, timeZone: string, pattern: DatePattern = 'YYYY-MM-DD'): string {
  if (!value || isEmptyDate(value)) return '';
  let ymd = value;
  if (!DATE_ONLY.test(value)) {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return '';
    ymd = todayIn(timeZone, at);
  }
  const [, y, m, d] = DATE_ONLY.exec(ymd) ?? [];
  if (!y) return '';
  return pattern === 'YYYY-MM-DD' ? `${y}-${m}-${d}` : `${y}년 ${m}월 ${d}일`;
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as 'YYYY-MM-DD HH:mm' in a time zone (24-hour clock, the same on server and browser). */
export function formatDateTime(value: string, timeZone: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  let f = minuteFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    minuteFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The end of a period (a listing shown until, a job's deadline) as 'YYYY-MM-DD HH:mm' in a
 * time zone; an end at midnight is the whole day before (a deadline of 12-31 closes at the next
 * midnight), shown as that date alone: '2026-12-31', never '2027-01-01 00:00'. */
export function formatUntil(value: string, timeZone: string): string {
  const shown = formatDateTime(value, timeZone);
  if (!shown.endsWith(' 00:00')) return shown;
  return formatDate(new Date(Date.parse(value) - 1000).toISOString(), timeZone);
}

/** A length of time in days, hours and minutes, as a person reads it: '3일 4시간 12분', '5분'. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const parts: string[] = [];
  if (minutes >= 1440) parts.push(`${Math.floor(minutes / 1440)}일`);
  if (minutes >= 60) parts.push(`${Math.floor(minutes / 60) % 24}시간`);
  parts.push(`${minutes % 60}분`);
  return parts.join(' ');
}

/** A job's deadline as PRODUCT.md shows it: 'D-3' before, 'D-day' on the day, '마감' after;
 * no deadline means always open. Both dates are calendar dates in the site's time zone
 * (`today` from todayIn). */
export function dDay(limitdate: string | null | undefined, today: string): string {
  if (isEmptyDate(limitdate)) return '상시 모집';
  const days = Math.round((Date.parse(`${limitdate?.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (Number.isNaN(days)) return '';
  if (days > 0) return `D-${days}`;
  return days === 0 ? 'D-day' : '마감';
}

const MINUTE_MS = 60_000;

/** When something happened, as a notification list says it: '방금 전', '3분 전', '5시간 전'
 * (the same day), '어제', then the date; days are calendar days in `timeZone`. `now` is passed
 * in, so the server render and the hydrated page print the same text. */
export function formatRelativeTime(value: string, timeZone: string, now: Date): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE_MS) return '방금 전';
  if (ago < 60 * MINUTE_MS) return `${Math.floor(ago / MINUTE_MS)}분 전`;
  const today = todayIn(timeZone, now);
  const day = todayIn(timeZone, at);
  if (day === today) return `${Math.floor(ago / (60 * MINUTE_MS))}시간 전`;
  if (day === todayIn(timeZone, new Date(Date.parse(`${today}T12:00:00Z`) - DAY_MS))) return '어제';
  return formatDate(value, timeZone);
}

/** A field's characters against its limit, as its counter shows it: 12/200, 10/2,000. */
export function formatCharCount(length: number, max: number): string {
  return `${length.toLocaleString('en-US')}/${max.toLocaleString('en-US')}`;
}

/** The same, as a screen reader says it: 200자 중 12자. */
export function formatCharCountSpoken(length: number, max: number): string {
  return `${max.toLocaleString('en-US')}자 중 ${length.toLocaleString('en-US')}자`;
}
