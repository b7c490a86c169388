import { describe, expect, test } from 'vitest';
import { type BusinessHours, closedDaysText, hoursOn, nextOpening, nextOpeningText, openState, siteClock } from './business-hours.ts';

const none = { weekendstarttime: '', weekendendtime: '', breakstarttime: '', breakendtime: '' };
const restaurant: BusinessHours = { ...none, starttime: '11:00', endtime: '21:30', breakstarttime: '15:00', breakendtime: '17:00' };
const bar: BusinessHours = { ...none, starttime: '18:00', endtime: '02:00', weekendstarttime: '17:00', weekendendtime: '03:00' };
const MON = 1;
const SAT = 6;
const SUN = 7;

describe('openState', () => {
  test('open inside the hours, closed outside; the end itself is closed', () => {
    expect(openState(restaurant, { weekday: MON, time: '11:00' })).toBe('open');
    expect(openState(restaurant, { weekday: MON, time: '10:59' })).toBe('closed');
    expect(openState(restaurant, { weekday: MON, time: '21:30' })).toBe('closed');
  });
  test('a break inside the hours is 브레이크타임', () => {
    expect(openState(restaurant, { weekday: MON, time: '15:00' })).toBe('break');
    expect(openState(restaurant, { weekday: MON, time: '16:59' })).toBe('break');
    expect(openState(restaurant, { weekday: MON, time: '17:00' })).toBe('open');
  });
  test('a range past midnight wraps', () => {
    expect(openState(bar, { weekday: MON, time: '23:00' })).toBe('open');
    expect(openState(bar, { weekday: MON, time: '01:59' })).toBe('open');
    expect(openState(bar, { weekday: MON, time: '02:00' })).toBe('closed');
    expect(openState(bar, { weekday: MON, time: '12:00' })).toBe('closed');
  });
  test('weekend hours apply on Saturday and Sunday', () => {
    expect(openState(bar, { weekday: SAT, time: '17:30' })).toBe('open');
    expect(openState(bar, { weekday: SUN, time: '02:30' })).toBe('open');
    expect(openState(bar, { weekday: MON, time: '17:30' })).toBe('closed');
  });
  test('weekend hours default to weekday hours, field by field', () => {
    expect(hoursOn(restaurant, SAT)).toEqual({ start: '11:00', end: '21:30' });
    expect(hoursOn({ ...restaurant, weekendendtime: '20:00' }, SUN)).toEqual({ start: '11:00', end: '20:00' });
  });
  test('a closed day is closed all day; the other days keep their hours', () => {
    const closedSundays = { ...restaurant, closeddays: '1,7' };
    expect(openState(closedSundays, { weekday: SUN, time: '12:00' })).toBe('closed');
    expect(openState(closedSundays, { weekday: MON, time: '12:00' })).toBe('closed');
    expect(openState(closedSundays, { weekday: SAT, time: '12:00' })).toBe('open');
    expect(closedDaysText('1,7')).toBe('월요일, 일요일');
    expect(closedDaysText('')).toBe('');
  });
  test('no hours: no badge', () => {
    expect(openState({ ...none, starttime: '', endtime: '' }, { weekday: MON, time: '12:00' })).toBeUndefined();
  });
});

describe('siteClock', () => {
  test('reads weekday and time in the site time zone', () => {
    // 2026-11-23 is a Monday; 03:30 UTC is Sunday 19:30 in Los Angeles.
    expect(siteClock('America/Los_Angeles', new Date('2026-11-23T03:30:00Z'))).toEqual({ weekday: 7, time: '19:30' });
    expect(siteClock('Asia/Seoul', new Date('2026-11-23T03:30:00Z'))).toEqual({ weekday: 1, time: '12:30' });
  });
});

describe('nextOpening: when a closed business opens again (issue #32)', () => {
  const TUE = 2;
  const FRI = 5;
  test('before the day’s opening: today, at its start', () => {
    expect(nextOpening(restaurant, { weekday: MON, time: '09:30' })).toEqual({ days: 0, weekday: MON, time: '11:00' });
    expect(nextOpeningText(restaurant, { weekday: MON, time: '09:30' })).toBe('11:00 오픈');
  });
  test('after closing: tomorrow', () => {
    expect(nextOpening(restaurant, { weekday: MON, time: '22:00' })).toEqual({ days: 1, weekday: TUE, time: '11:00' });
    expect(nextOpeningText(restaurant, { weekday: MON, time: '22:00' })).toBe('내일 11:00 오픈');
  });
  test('open now: none', () => {
    expect(nextOpening(restaurant, { weekday: MON, time: '12:00' })).toBeUndefined();
    expect(nextOpeningText(restaurant, { weekday: MON, time: '12:00' })).toBe('');
  });
  test('on the break: its end, today', () => {
    expect(nextOpeningText(restaurant, { weekday: MON, time: '15:30' })).toBe('17:00 오픈');
  });
  test('closed days are skipped and named by their weekday', () => {
    // Closed Saturday and Sunday: after Friday's closing it opens Monday.
    const weekdaysOnly = { ...restaurant, closeddays: '6,7' };
    expect(nextOpening(weekdaysOnly, { weekday: FRI, time: '23:00' })).toEqual({ days: 3, weekday: MON, time: '11:00' });
    expect(nextOpeningText(weekdaysOnly, { weekday: FRI, time: '23:00' })).toBe('월 11:00 오픈');
    // On a closed day, even before the usual opening time.
    expect(nextOpeningText(weekdaysOnly, { weekday: SAT, time: '08:00' })).toBe('월 11:00 오픈');
    // The day after a closed day is 내일.
    expect(nextOpeningText(weekdaysOnly, { weekday: SUN, time: '12:00' })).toBe('내일 11:00 오픈');
  });
  test('weekend hours open the weekend days at their own time', () => {
    expect(nextOpeningText(bar, { weekday: FRI, time: '03:00' })).toBe('18:00 오픈');
    expect(nextOpeningText(bar, { weekday: SAT, time: '04:00' })).toBe('17:00 오픈');
    expect(nextOpeningText(bar, { weekday: SUN, time: '03:30' })).toBe('17:00 오픈');
    expect(nextOpening({ ...bar, closeddays: '7' }, { weekday: SAT, time: '04:00' })).toEqual({ days: 0, weekday: SAT, time: '17:00' });
  });
  test('open one day a week: that day next week once today’s hours are over', () => {
    const mondays = { ...restaurant, closeddays: '2,3,4,5,6,7' };
    expect(nextOpeningText(mondays, { weekday: MON, time: '22:00' })).toBe('다음 주 월 11:00 오픈');
    expect(nextOpeningText(mondays, { weekday: TUE, time: '10:00' })).toBe('월 11:00 오픈');
  });
  test('no hours, or every day closed: none', () => {
    expect(nextOpening({ ...none, starttime: '', endtime: '' }, { weekday: MON, time: '12:00' })).toBeUndefined();
    expect(nextOpening({ ...restaurant, closeddays: '1,2,3,4,5,6,7' }, { weekday: MON, time: '12:00' })).toBeUndefined();
  });
  test('HH:MM:SS hours are shown as HH:MM', () => {
    expect(nextOpeningText({ ...restaurant, starttime: '11:00:00' }, { weekday: MON, time: '09:00' })).toBe('11:00 오픈');
  });
});
