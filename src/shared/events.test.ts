import { describe, expect, test } from 'vitest';
import { formatEventWhen, isoWeekday, nextOccurrence, occurrencesBetween } from './events.ts';

const once = { startdate: '2026-12-12', enddate: '', starttime: '18:00', endtime: '21:00', allday: 2, weekday: 0 };
const weekly = { startdate: '2026-11-01', enddate: '2026-12-31', starttime: '10:00', endtime: '', allday: 2, weekday: 6 };

describe('events’ dates', () => {
  test('a date’s ISO weekday', () => {
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(isoWeekday('2026-12-13')).toBe(7);
  });

  test('a one-off event is next on its day until it ends', () => {
    expect(nextOccurrence(once, { date: '2026-12-01', time: '09:00' })).toBe('2026-12-12');
    expect(nextOccurrence(once, { date: '2026-12-12', time: '20:59' })).toBe('2026-12-12');
    expect(nextOccurrence(once, { date: '2026-12-12', time: '21:00' })).toBe('');
  });

  test('a weekly event is next on its day of the week, within its series', () => {
    expect(nextOccurrence(weekly, { date: '2026-10-01', time: '09:00' })).toBe('2026-11-07');
    expect(nextOccurrence(weekly, { date: '2026-12-07', time: '09:00' })).toBe('2026-12-12');
    // Without an end time it ends as it starts.
    expect(nextOccurrence(weekly, { date: '2026-12-12', time: '10:00' })).toBe('2026-12-19');
    expect(nextOccurrence(weekly, { date: '2026-12-27', time: '09:00' })).toBe('');
  });

  test('the month view’s days', () => {
    expect(occurrencesBetween(weekly, '2026-12-01', '2026-12-31')).toEqual(['2026-12-05', '2026-12-12', '2026-12-19', '2026-12-26']);
    expect(occurrencesBetween({ ...once, enddate: '2026-12-13' }, '2026-12-01', '2026-12-31')).toEqual(['2026-12-12', '2026-12-13']);
  });

  test('as a list shows them, with the weekday', () => {
    expect(formatEventWhen(once, '2026-12-12')).toBe('2026-12-12 (토) 18:00~21:00');
    expect(formatEventWhen(weekly, '2026-12-12')).toBe('매주 토요일 · 2026-12-12 (토) 10:00');
    expect(formatEventWhen({ ...once, allday: 1 }, '2026-12-12')).toBe('2026-12-12 (토) 종일');
  });
});
