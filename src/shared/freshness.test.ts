import { describe, expect, test } from 'vitest';
import { closeDateOf, freshnessOf, nextBumpAt, renewable } from './freshness.ts';

// When a listing closes: market posts and jobs without a deadline 30 days after the last bump, a
// job at the end of its deadline day in the site's time zone; other posts never.

const LA = 'America/Los_Angeles';
const bump = '2026-11-01T12:00:00.000Z';

describe('close dates', () => {
  test('a market post 30 days after its bump; other board posts never', () => {
    expect(closeDateOf('board', { topcategory: 4 }, bump, LA)).toBe('2026-12-01T12:00:00.000Z');
    expect(closeDateOf('board', { topcategory: 5 }, bump, LA)).toBe('');
  });

  test('a job at the end of its deadline day in the site’s time zone, summer and winter time alike', () => {
    expect(closeDateOf('jobs', { limitdate: '2026-12-15' }, bump, LA)).toBe('2026-12-16T08:00:00.000Z');
    expect(closeDateOf('jobs', { limitdate: '2026-07-15' }, bump, LA)).toBe('2026-07-16T07:00:00.000Z');
    expect(closeDateOf('jobs', { limitdate: '2026-12-15' }, bump, 'Asia/Seoul')).toBe('2026-12-15T15:00:00.000Z');
  });

  test('a job without a deadline, or with one of the spec’s empty dates, like a market post', () => {
    for (const limitdate of ['', '0000-00-00', '1000-01-01', '9999-01-01']) {
      expect(closeDateOf('jobs', { limitdate }, bump, LA), limitdate).toBe('2026-12-01T12:00:00.000Z');
    }
  });

  test('closed once the close date has come; a bump a day after the last; a passed deadline is not renewed', () => {
    expect(freshnessOf('board', { topcategory: 4 }, bump, LA, new Date('2026-12-01T11:59:59.999Z')).closed).toBe(0);
    expect(freshnessOf('board', { topcategory: 4 }, bump, LA, new Date('2026-12-01T12:00:00.000Z')).closed).toBe(1);
    expect(nextBumpAt(bump)).toBe('2026-11-02T12:00:00.000Z');
    expect(renewable('jobs', { limitdate: '2026-11-10' }, LA, new Date('2026-11-11T07:59:00.000Z'))).toBe(true);
    expect(renewable('jobs', { limitdate: '2026-11-10' }, LA, new Date('2026-11-11T08:00:00.000Z'))).toBe(false);
    expect(renewable('board', { topcategory: 4 }, LA, new Date('2030-01-01T00:00:00.000Z'))).toBe(true);
  });
});
