import { describe, expect, test } from 'vitest';
import { type BusinessHours, closedDaysText, hoursOn, openState, siteClock } from './business-hours.ts';

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
