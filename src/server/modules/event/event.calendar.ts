import {
  addDays,
  BYDAY,
  compactDate as compact,
  compactWallClock as wallClock,
  EventAllday,
  type EventTimes,
  firstDay,
  firstEndDay,
} from '#shared/events.ts';
import { zonedMidnight } from '#shared/format.ts';
import { htmlToText } from '#shared/text.ts';
import { calendarText, escapeText, timeZoneLines, utcStamp } from '#server/lib/icalendar.ts';

// Events as iCalendar (RFC 5545, PRODUCT.md): /events/{id}.ics and the feed /events.ics. Times
// are the site's wall clock with its TZID and VTIMEZONE; a weekly event is one VEVENT with
// RRULE:FREQ=WEEKLY until its series' last day; UIDs stay the same for an event whatever edits it
// takes, so a calendar app updates its copy rather than adding another.

export interface CalendarEvent extends EventTimes {
  id: number;
  title: string;
  content: string;
  place: string;
  address: string;
  category: string;
  url: string;
  date: string;
}

function eventLines(e: CalendarEvent, site: { base: string; host: string; timeZone: string }): string[] {
  const link = `${site.base}/events/${e.id}`;
  const first = firstDay(e);
  const endDay = firstEndDay(e);
  const tz = `TZID=${site.timeZone}`;
  const when =
    e.allday === EventAllday.yes
      ? [`DTSTART;VALUE=DATE:${compact(first)}`, `DTEND;VALUE=DATE:${compact(addDays(endDay, 1))}`]
      : [`DTSTART;${tz}:${wallClock(first, e.starttime)}`, ...(e.endtime ? [`DTEND;${tz}:${wallClock(endDay, e.endtime)}`] : [])];
  const lines = [
    'BEGIN:VEVENT',
    `UID:event-${e.id}@${site.host}`,
    `DTSTAMP:${utcStamp(Date.parse(e.date))}`,
    ...when,
    `SUMMARY:${escapeText(e.title)}`,
  ];
  if (e.weekday) {
    // UNTIL is a DATE for all-day events, else the series' last instant in UTC (§3.3.10).
    const until = !e.enddate
      ? ''
      : e.allday === EventAllday.yes
        ? `;UNTIL=${compact(e.enddate)}`
        : `;UNTIL=${utcStamp(Date.parse(zonedMidnight(addDays(e.enddate, 1), site.timeZone)) - 1000)}`;
    lines.push(`RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[e.weekday - 1]}${until}`);
  }
  const where = [e.place, e.address].filter(Boolean).join(', ');
  if (where) lines.push(`LOCATION:${escapeText(where)}`);
  const text = htmlToText(e.content).trim();
  lines.push(`DESCRIPTION:${escapeText([text, e.url, link].filter(Boolean).join('\n\n'))}`);
  if (e.category) lines.push(`CATEGORIES:${escapeText(e.category)}`);
  lines.push(`URL:${link}`, 'END:VEVENT');
  return lines;
}

/** A calendar of these events, named `name`, with the VTIMEZONE their years need. */
export function eventsCalendar(events: readonly CalendarEvent[], name: string, site: { base: string; timeZone: string }): string {
  const host = new URL(site.base).host;
  const years = events.flatMap((e) => [e.startdate, e.enddate].filter(Boolean).map((d) => Number(d.slice(0, 4))));
  const now = new Date().getUTCFullYear();
  const first = Math.min(now, ...years);
  // A series without an end goes on: its zone's changes for a few years ahead.
  const last = Math.min(first + 20, Math.max(now + 2, ...years));
  return calendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(host)}//Events//KO`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${site.timeZone}`,
    ...timeZoneLines(site.timeZone, first, last),
    ...events.flatMap((e) => eventLines(e, { ...site, host })),
    'END:VCALENDAR',
  ]);
}
