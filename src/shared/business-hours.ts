// PRODUCT.md: a business's hours drive a 영업중 / 브레이크타임 / 영업종료 badge in the site's time
// zone. The rule is the server's ?open=1 filter (business.resource.ts), so the badge and the filter
// agree: weekend hours default to weekday hours field by field, a range whose end is before its
// start runs past midnight, and a break inside the range closes it.

export interface BusinessHours {
  starttime: string;
  endtime: string;
  weekendstarttime: string;
  weekendendtime: string;
  breakstarttime: string;
  breakendtime: string;
  /** Closed days (휴무일): ISO weekdays as "6,7". */
  closeddays?: string;
}

export const WEEKDAY_NAMES = ['월', '화', '수', '목', '금', '토', '일'] as const;

/** The ISO weekdays of "6,7". */
export function closedDaysOf(closeddays = ''): number[] {
  return closeddays.split(',').filter(Boolean).map(Number);
}

/** "6,7" as people read it: 토요일, 일요일. */
export function closedDaysText(closeddays = ''): string {
  return closedDaysOf(closeddays)
    .map((d) => `${WEEKDAY_NAMES[d - 1]}요일`)
    .join(', ');
}

/** ISO weekday (1 Monday .. 7 Sunday) and HH:MM of an instant in a time zone. */
export interface SiteClock {
  weekday: number;
  time: string;
}

/** One formatter per time zone: building one costs far more than using it. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** Each zone's clock through the last UTC minute it was read in: a list or a post page reads it on
 * every render (17 µs of a fresh post page in a profile of the server), where the minute changes
 * once in thousands of renders. Offsets in use since the 1970s are whole minutes, so a UTC minute
 * is one on the zone's clock too. */
const lastClock = new Map<string, { minute: number; clock: SiteClock }>();
const MINUTE_MS = 60_000;

export function siteClock(timeZone: string, at: Date = new Date()): SiteClock {
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  const last = lastClock.get(timeZone);
  if (last?.minute === minute) return last.clock;
  const clock = readClock(timeZone, at);
  lastClock.set(timeZone, { minute, clock });
  return clock;
}

function readClock(timeZone: string, at: Date): SiteClock {
  let f = clockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, f);
  }
  const parts = f.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1,
    time: `${get('hour')}:${get('minute')}`,
  };
}

export type OpenState = 'open' | 'break' | 'closed';
export const OPEN_STATE_LABEL: Record<OpenState, string> = { open: '영업중', break: '브레이크타임', closed: '영업종료' };

/** The hours that apply on a day: Saturday and Sunday use the weekend hours where given. */
export function hoursOn(b: BusinessHours, weekday: number): { start: string; end: string } {
  const weekend = weekday >= 6;
  return {
    start: (weekend && b.weekendstarttime) || b.starttime,
    end: (weekend && b.weekendendtime) || b.endtime,
  };
}

/** Open, on a break, or closed at this moment (always closed on a closed day); undefined when
 * the business gave no hours. Times
 * are HH:MM (or HH:MM:SS) text, compared as text like the server's SQL does. */
export function openState(b: BusinessHours, clock: SiteClock): OpenState | undefined {
  if (closedDaysOf(b.closeddays).includes(clock.weekday)) return 'closed';
  const { start, end } = hoursOn(b, clock.weekday);
  if (!start || !end) return undefined;
  const t = clock.time;
  const inRange = start <= end ? t >= start && t < end : t >= start || t < end;
  if (!inRange) return 'closed';
  const onBreak = b.breakstarttime !== '' && b.breakendtime !== '' && t >= b.breakstarttime && t < b.breakendtime;
  return onBreak ? 'break' : 'open';
}

/** When a business that is closed (or on its break) now opens again: the day counted from today
 * (0 today, 1 tomorrow ...), its ISO weekday and the time. Closed days are skipped and each day
 * uses its own hours (weekend hours on Saturday and Sunday); undefined when no day of the coming
 * week has hours. A business open now has no next opening. */
export function nextOpening(b: BusinessHours, clock: SiteClock): { days: number; weekday: number; time: string } | undefined {
  const state = openState(b, clock);
  if (state === 'open') return undefined;
  if (state === 'break') return { days: 0, weekday: clock.weekday, time: b.breakendtime.slice(0, 5) };
  const closed = closedDaysOf(b.closeddays);
  for (let days = 0; days <= 7; days++) {
    const weekday = ((clock.weekday - 1 + days) % 7) + 1;
    if (closed.includes(weekday)) continue;
    const { start, end } = hoursOn(b, weekday);
    if (!start || !end) continue;
    // Today only when its opening is still ahead (past it, the business closed for the day).
    if (days === 0 && clock.time >= start) continue;
    return { days, weekday, time: start.slice(0, 5) };
  }
  return undefined;
}

/** The next opening as a person reads it beside 영업종료 or 브레이크타임: 17:00 오픈 (today),
 * 내일 11:00 오픈, 월 11:00 오픈 (within the week), 다음 주 월 11:00 오픈 (today's weekday, a week
 * on); '' when there is none. */
export function nextOpeningText(b: BusinessHours, clock: SiteClock): string {
  const next = nextOpening(b, clock);
  if (!next) return '';
  const name = WEEKDAY_NAMES[next.weekday - 1];
  const day = next.days === 0 ? '' : next.days === 1 ? '내일 ' : next.days === 7 ? `다음 주 ${name} ` : `${name} `;
  return `${day}${next.time} 오픈`;
}
