import { describe, expect, test } from 'vitest';
import {
  dDay,
  formatDate,
  formatDateTime,
  formatDuration,
  formatFileSize,
  formatMoney,
  formatRelativeTime,
  formatUntil,
  isEmptyDate,
  RANGE_END_TIME,
  RANGE_START_TIME,
  todayIn,
  zonedDayRange,
  nextMidnight,
  zonedMidnight,
} from './format.ts';

const LA = 'America/Los_Angeles';
const SEOUL = 'Asia/Seoul';

describe('money', () => {
  test('has thousands separators', () => {
    expect(formatMoney(1234567)).toBe('1,234,567');
    expect(formatMoney(0)).toBe('0');
    expect(formatMoney('25000')).toBe('25,000');
  });
  test('floors floats to 2 decimals', () => {
    expect(formatMoney(1234.567)).toBe('1,234.56');
    expect(formatMoney(0.29)).toBe('0.29');
    expect(formatMoney(19.999)).toBe('19.99');
    expect(formatMoney(12.5)).toBe('12.50');
    expect(formatMoney(199.99)).toBe('199.99');
    expect(formatMoney(1234.5)).toBe('1,234.50');
  });
  test('prints nothing for what is not a number', () => {
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(null)).toBe('');
  });
});

describe('file sizes', () => {
  test('use B, KB, MB, GB, TB with 1 decimal', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 2)).toBe('5.0 MB');
    expect(formatFileSize(1.25 * 1024 ** 3)).toBe('1.3 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3.0 TB');
    expect(formatFileSize(2048 * 1024 ** 4)).toBe('2048.0 TB');
  });

  test('take the larger unit when rounding reaches 1024, and print nothing for no size', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1024 ** 2 - 1)).toBe('1.0 MB');
    expect(formatFileSize(1024 ** 2 - 60)).toBe('1023.9 KB');
    expect(formatFileSize(238_517)).toBe('232.9 KB');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('dates', () => {
  test('a stored UTC timestamp shows the date in the site time zone', () => {
    expect(formatDate('2026-11-22T11:19:02.000Z', LA)).toBe('2026-11-22');
    expect(formatDate('2026-11-22T05:00:00.000Z', LA)).toBe('2026-11-21');
    expect(formatDate('2026-11-22T16:00:00.000Z', SEOUL)).toBe('2026-11-23');
  });
  test('in the Korean pattern', () => {
    expect(formatDate('2026-11-22T11:19:02.000Z', LA, 'YYYY년 MM월 DD일')).toBe('2026년 11월 22일');
    expect(formatDate('2026-01-05', SEOUL, 'YYYY년 MM월 DD일')).toBe('2026년 01월 05일');
  });
  test('a date-only value is never shifted by the time zone', () => {
    expect(formatDate('2026-11-22', LA)).toBe('2026-11-22');
    expect(formatDate('2026-11-22', SEOUL)).toBe('2026-11-22');
  });
  test('empty dates show as empty', () => {
    for (const empty of ['0000-00-00', '1000-01-01', '1000-01-01T00:00:00.000Z', '9999-01-01', '', null, undefined]) {
      expect(formatDate(empty, LA)).toBe('');
      expect(isEmptyDate(empty)).toBe(true);
    }
    expect(isEmptyDate('2026-11-22')).toBe(false);
    expect(formatDate('not a date', LA)).toBe('');
  });
  test('the default range runs over the whole day', () => {
    expect(RANGE_START_TIME).toBe('00:00:00');
    expect(RANGE_END_TIME).toBe('23:59:59');
  });
  test('today is the calendar date in the time zone', () => {
    const at = new Date('2026-11-22T03:00:00.000Z');
    expect(todayIn(LA, at)).toBe('2026-11-21');
    expect(todayIn(SEOUL, at)).toBe('2026-11-22');
  });
  test("the calendar date is Intl's on both sides of clock changes, in zones with odd offsets too", () => {
    // Half-hour and 45-minute offsets, 30-minute summer time, clocks changed at 00:01 (St. John's
    // until 2011), a skipped day (Apia, 2011-12-30) and an offset with seconds (Monrovia until 1972).
    const zones = [
      LA,
      SEOUL,
      'America/St_Johns',
      'Australia/Adelaide',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Apia',
      'Africa/Monrovia',
    ];
    const wrong: string[] = [];
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      for (const year of [1971, 2011, 2026]) {
        // Every 37 minutes through the year, and a millisecond before each whole quarter-hour.
        for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += 37 * 60_000) {
          for (const at of [new Date(ms), new Date(Math.ceil(ms / 900_000) * 900_000 - 1)]) {
            if (todayIn(timeZone, at) !== intl.format(at)) wrong.push(`${timeZone} ${at.toISOString()}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test('midnight of a calendar date in a zone, on days the clocks change too, and a date range', () => {
    expect(zonedMidnight('2026-11-27', SEOUL)).toBe('2026-11-26T15:00:00.000Z');
    expect(zonedMidnight('2026-01-15', LA)).toBe('2026-01-15T08:00:00.000Z');
    // The clocks change at 2 a.m.: midnight still has the day's first offset.
    expect(zonedMidnight('2026-03-08', LA)).toBe('2026-03-08T08:00:00.000Z');
    expect(zonedMidnight('2026-11-01', LA)).toBe('2026-11-01T07:00:00.000Z');
    expect(zonedMidnight('2026-06-01', 'Asia/Kolkata')).toBe('2026-05-31T18:30:00.000Z');
    expect(zonedDayRange('2026-11-01', '2026-11-01', LA)).toEqual({ start: '2026-11-01T07:00:00.000Z', end: '2026-11-02T08:00:00.000Z' });
  });

  test('the next midnight in a zone: when its date changes, through the nights the clocks change', () => {
    const next = (at: string, zone: string) => new Date(nextMidnight(zone, new Date(at))).toISOString();
    expect(next('2026-11-27T14:59:59.999Z', SEOUL)).toBe('2026-11-27T15:00:00.000Z');
    expect(next('2026-11-27T15:00:00.000Z', SEOUL)).toBe('2026-11-28T15:00:00.000Z');
    // Saturday 10 a.m. before the spring change, and Sunday 10 a.m. after it (a 23-hour day).
    expect(next('2026-03-07T18:00:00.000Z', LA)).toBe('2026-03-08T08:00:00.000Z');
    expect(next('2026-03-08T17:00:00.000Z', LA)).toBe('2026-03-09T07:00:00.000Z');
    // The autumn change's 25-hour day.
    expect(next('2026-11-01T08:00:00.000Z', LA)).toBe('2026-11-02T08:00:00.000Z');
  });
});

describe('job deadlines', () => {
  test('count down, then close', () => {
    expect(dDay('2026-11-25', '2026-11-22')).toBe('D-3');
    expect(dDay('2026-11-22', '2026-11-22')).toBe('D-day');
    expect(dDay('2026-11-21', '2026-11-22')).toBe('마감');
    expect(dDay('2027-03-01', '2026-11-22')).toBe('D-99');
  });
  test('no deadline is always open', () => {
    expect(dDay('', '2026-11-22')).toBe('상시 모집');
    expect(dDay('1000-01-01', '2026-11-22')).toBe('상시 모집');
  });
});

describe('the end of a period', () => {
  test('a date-only deadline (closing at the next midnight) shows as its own day, not the next 00:00', () => {
    expect(formatUntil(zonedMidnight('2027-01-01', LA), LA)).toBe('2026-12-31');
    expect(formatUntil(zonedMidnight('2026-03-09', LA), LA)).toBe('2026-03-08');
  });
  test('any other end shows its date and time', () => {
    expect(formatUntil('2026-12-31T15:05:00.000Z', SEOUL)).toBe('2027-01-01 00:05');
  });
});

describe('times for the operator', () => {
  test.each([
    ['2026-03-08T09:59:00.000Z', 'America/Los_Angeles', '2026-03-08 01:59'],
    ['2026-03-08T10:00:00.000Z', 'America/Los_Angeles', '2026-03-08 03:00'],
    ['2026-12-31T15:05:00.000Z', 'Asia/Seoul', '2027-01-01 00:05'],
    ['not a date', 'Asia/Seoul', ''],
  ])('%s in %s is %s', (value, zone, shown) => {
    expect(formatDateTime(value, zone)).toBe(shown);
  });

  test.each([
    [59, '0분'],
    [60 * 59, '59분'],
    [3600, '1시간 0분'],
    [86_400 * 3 + 3600 * 4 + 60 * 12 + 30, '3일 4시간 12분'],
    [86_400, '1일 0시간 0분'],
  ])('%i seconds read %s', (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown);
  });
});

describe('relative times (notifications)', () => {
  const zone = 'America/Los_Angeles';
  // 2026-11-26 15:00 in Los Angeles.
  const now = new Date('2026-11-26T23:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  test('minutes, hours the same day, yesterday, then the date in the site time zone', () => {
    expect(formatRelativeTime(ago(20_000), zone, now)).toBe('방금 전');
    expect(formatRelativeTime(ago(3 * 60_000), zone, now)).toBe('3분 전');
    expect(formatRelativeTime(ago(59 * 60_000 + 59_000), zone, now)).toBe('59분 전');
    expect(formatRelativeTime(ago(5 * 3600_000), zone, now)).toBe('5시간 전');
    // 00:30 that day in Los Angeles is still today; 23:30 the day before is yesterday, though
    // fewer than 24 hours ago.
    expect(formatRelativeTime('2026-11-26T08:30:00Z', zone, now)).toBe('14시간 전');
    expect(formatRelativeTime('2026-11-26T07:30:00Z', zone, now)).toBe('어제');
    expect(formatRelativeTime('2026-11-25T08:30:00Z', zone, now)).toBe('어제');
    expect(formatRelativeTime('2026-11-25T07:30:00Z', zone, now)).toBe('2026-11-24');
    // In Seoul the same instant is already the 27th.
    expect(formatRelativeTime('2026-11-26T14:30:00Z', 'Asia/Seoul', now)).toBe('어제');
    expect(formatRelativeTime('not a date', zone, now)).toBe('');
  });
});
