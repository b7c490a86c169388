import { offsetAt } from '#shared/format.ts';

// RFC 5545's text rules and a time zone's definition, for the calendar files (modules/event):
// lines end in CRLF and fold at 75 octets (never inside a UTF-8 character), text values escape
// backslash, semicolon, comma and newlines, and a VTIMEZONE lists the zone's changes of offset
// over the years its events need, read from Intl, so a calendar app needs no zone database.

/** A TEXT value (RFC 5545 §3.3.11). */
export function escapeText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** One content line folded (§3.1): at most 75 octets a line, the next starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    // The first line holds 75 octets, the following 74 after their leading space.
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A calendar file from its lines (unfolded), CRLF throughout. */
export function calendarText(lines: readonly string[]): string {
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock DATE-TIME without zone (20261212T180000), from an instant read as UTC. */
export function localStamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** A UTC DATE-TIME (20261212T020000Z). */
export function utcStamp(ms: number): string {
  return `${localStamp(ms)}Z`;
}

/** An offset as TZOFFSETFROM/TO write it: -0800. */
function offsetText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

const HOUR_MS = 3_600_000;

/** The instants in [from, to) where the zone's offset changes, to the minute. */
function transitions(timeZone: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const found: { at: number; before: number; after: number }[] = [];
  let prev = offsetAt(timeZone, from);
  // Zones change their clocks at most a few times a year, never twice within a day.
  for (let t = from + 12 * HOUR_MS; t <= to; t += 12 * HOUR_MS) {
    const now = offsetAt(timeZone, t);
    if (now === prev) continue;
    let lo = t - 12 * HOUR_MS;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(timeZone, mid) === prev) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, before: prev, after: now });
    prev = now;
  }
  return found;
}

/** VTIMEZONE for `timeZone` over the given years: each change of offset as its own STANDARD or
 * DAYLIGHT part (the later offset of a year's two is daylight time), or one STANDARD part for a
 * zone that keeps one offset. */
export function timeZoneLines(timeZone: string, firstYear: number, lastYear: number): string[] {
  const from = Date.UTC(firstYear, 0, 1);
  const to = Date.UTC(lastYear + 1, 0, 1);
  const changes = transitions(timeZone, from, to);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (!changes.length) {
    const offset = offsetText(offsetAt(timeZone, from));
    lines.push('BEGIN:STANDARD', `DTSTART:${localStamp(from)}`, `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD');
  }
  for (const c of changes) {
    const kind = c.after > c.before ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // DTSTART is the moment of the change on the clock it changes from.
      `DTSTART:${localStamp(c.at + c.before)}`,
      `TZOFFSETFROM:${offsetText(c.before)}`,
      `TZOFFSETTO:${offsetText(c.after)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
