import { siteClock, WEEKDAY_NAMES } from './business-hours.ts';
import { todayIn } from './format.ts';

// Community events (PRODUCT.md "Organizations and events"): their categories, and when a one-off
// or weekly event next happens. Dates are calendar dates (YYYY-MM-DD) and times wall-clock times
// (HH:MM) of the site's time zone, so the arithmetic here is on dates alone and a change of the
// clocks (DST) moves nothing: a weekly 10:00 stays 10:00 local.

/** The calendar's categories, in the order the filter and the form show them. */
export const EVENT_CATEGORIES = ['행사', '모임', '교육', '종교', '봉사', '건강', '기타'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** `allday`: 1 the whole day, 2 at its times. */
export const EventAllday = { yes: 1, no: 2 } as const;

/** `weekday`'s name, 1 Monday .. 7 Sunday (0: no weekly repeat). */
export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday - 1] ?? '';
}

/** What the occurrence rules read of an event. */
export interface EventTimes {
  startdate: string;
  enddate: string;
  starttime: string;
  endtime: string;
  allday: number;
  weekday: number;
}

/** The site's "now": its calendar date and wall-clock time (HH:MM). */
export interface LocalNow {
  date: string;
  time: string;
}

export function localNow(timeZone: string, at: Date = new Date()): LocalNow {
  return { date: todayIn(timeZone, at), time: siteClock(timeZone, at).time };
}

const DAY_MS = 86_400_000;

function dayNumber(ymd: string): number {
  return Math.floor(Date.parse(`${ymd}T00:00:00Z`) / DAY_MS);
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A date's ISO weekday, 1 Monday .. 7 Sunday. */
export function isoWeekday(ymd: string): number {
  // Day 0 (1970-01-01) was a Thursday.
  return ((dayNumber(ymd) + 3) % 7) + 1;
}

export function addDays(ymd: string, days: number): string {
  return dateOf(dayNumber(ymd) + days);
}

/** The last day an event happens on: a weekly series' enddate, a one-off's end (or its start). */
export function lastDay(e: EventTimes): string {
  return e.enddate || (e.weekday ? '' : e.startdate);
}

/** Whether an occurrence on `date` is still to come at `now`: a later day, or today before it
 * ends (an all-day event lasts the day; one without an end time ends at its start). */
function stillToCome(e: EventTimes, date: string, now: LocalNow): boolean {
  if (date !== now.date) return date > now.date;
  if (e.allday === EventAllday.yes) return true;
  const ends = e.endtime || e.starttime;
  return !ends || ends.slice(0, 5) > now.time;
}

/** The date of the next occurrence at `now`, or '' when the event is over. A one-off event that
 * spans several days and has begun answers today. */
export function nextOccurrence(e: EventTimes, now: LocalNow): string {
  if (!e.startdate) return '';
  const last = lastDay(e);
  if (!e.weekday) {
    if (last > now.date) return e.startdate > now.date ? e.startdate : now.date;
    return stillToCome(e, last, now) ? last : '';
  }
  const from = e.startdate > now.date ? e.startdate : now.date;
  let date = addDays(from, (e.weekday - isoWeekday(from) + 7) % 7);
  if (!stillToCome(e, date, now)) date = addDays(date, 7);
  return last && date > last ? '' : date;
}

/** The days an event happens on between two dates (inclusive), for the month view: each
 * occurrence's date (a one-off event's each day). */
export function occurrencesBetween(e: EventTimes, from: string, to: string): string[] {
  if (!e.startdate) return [];
  const last = lastDay(e);
  const start = e.startdate > from ? e.startdate : from;
  const end = last && last < to ? last : to;
  const days: string[] = [];
  if (!e.weekday) {
    for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
    return days;
  }
  for (let d = addDays(start, (e.weekday - isoWeekday(start) + 7) % 7); d <= end; d = addDays(d, 7)) days.push(d);
  return days;
}

/** How a list shows when an event happens: "2026-12-12 (토) 10:00~12:00", a weekly one
 * "매주 토요일 · 2026-12-12 (토) 10:00" with its next date. */
export function formatEventWhen(e: EventTimes, next: string): string {
  return eventWhenParts(e, next).join(' · ');
}

/** formatEventWhen's facts apart (매주 토요일, then the day and time), for a line of facts that
 * may break between them on a phone but never inside one. */
export function eventWhenParts(e: EventTimes, next: string): string[] {
  const time = e.allday === EventAllday.yes ? '종일' : [e.starttime, e.endtime].filter(Boolean).join('~');
  const date = next || e.startdate;
  // SPEC §9's date form, with its weekday.
  const day = date ? `${date} (${weekdayName(isoWeekday(date))})` : '';
  const weekly = e.weekday ? `매주 ${weekdayName(e.weekday)}요일` : '';
  return [weekly, [day, time].filter(Boolean).join(' ')].filter(Boolean);
}

/** The first day it happens on: a weekly event's first day of its week on or after its start. */
export function firstDay(e: EventTimes): string {
  return e.weekday ? addDays(e.startdate, (e.weekday - isoWeekday(e.startdate) + 7) % 7) : e.startdate;
}

/** The day its first occurrence ends on: a one-off's last day, a weekly one's own day. */
export function firstEndDay(e: EventTimes): string {
  return e.weekday ? firstDay(e) : lastDay(e);
}

/** 2026-12-12 → 20261212, as calendars write dates. */
export function compactDate(ymd: string): string {
  return ymd.replaceAll('-', '');
}

/** 2026-12-12 and 18:00 → 20261212T180000: a wall-clock time as calendars write it. */
export function compactWallClock(ymd: string, hm: string): string {
  return `${compactDate(ymd)}T${hm.slice(0, 5).replace(':', '')}00`;
}

/** iCalendar's BYDAY names, Monday first. */
export const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** "Add to Google Calendar" for an event: its first occurrence, in the site's zone, and for a
 * weekly one its repeat. `link` is the event's page. */
export function googleCalendarLink(
  e: EventTimes & { title: string; place: string; address: string },
  timeZone: string,
  link: string,
): string {
  const first = firstDay(e);
  const endDay = firstEndDay(e);
  const dates =
    e.allday === EventAllday.yes
      ? `${compactDate(first)}/${compactDate(addDays(endDay, 1))}`
      : `${compactWallClock(first, e.starttime)}/${compactWallClock(endDay, e.endtime || e.starttime)}`;
  const byday = BYDAY[e.weekday - 1];
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates,
    ctz: timeZone,
    details: link,
    location: [e.place, e.address].filter(Boolean).join(', '),
  });
  if (byday) params.set('recur', `RRULE:FREQ=WEEKLY;BYDAY=${byday}${e.enddate ? `;UNTIL=${compactDate(e.enddate)}` : ''}`);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** A map search for an address (or a place's name). */
export function mapLink(where: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}`;
}
