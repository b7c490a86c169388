import { describe, expect, test } from 'vitest';
import { bumpDateTimeText, bumpedAt, bumpText, closeDateOf, freshnessOf, nextBumpAt, renewable } from './freshness.ts';

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

describe('a bumped listing says so (issue #32)', () => {
  const created = '2026-11-20T18:00:00.000Z';
  // 2026-12-05 14:30 in Los Angeles (winter time, UTC-8).
  const bumped = '2026-12-05T22:30:00.000Z';
  test('a listing is bumped once its bump is later than its creation; a new one, or one of before the column, is not', () => {
    expect(bumpedAt({ date: created, bumpdate: bumped })).toBe(bumped);
    expect(bumpedAt({ date: created, bumpdate: created })).toBeUndefined();
    // Saved a few milliseconds apart at creation.
    expect(bumpedAt({ date: created, bumpdate: '2026-11-20T18:00:00.004Z' })).toBeUndefined();
    expect(bumpedAt({ date: created, bumpdate: '' })).toBeUndefined();
    expect(bumpedAt({ date: created })).toBeUndefined();
  });
  test('on a list: 끌올 오늘 / 어제 with the time, then the date, in the site’s time zone', () => {
    expect(bumpText({ date: created, bumpdate: bumped }, LA, '2026-12-05')).toBe('끌올 오늘 14:30');
    expect(bumpText({ date: created, bumpdate: bumped }, LA, '2026-12-06')).toBe('끌올 어제 14:30');
    expect(bumpText({ date: created, bumpdate: bumped }, LA, '2026-12-07')).toBe('끌올 2026-12-05');
    // In Seoul the same instant is the next morning.
    expect(bumpText({ date: created, bumpdate: bumped }, 'Asia/Seoul', '2026-12-06')).toBe('끌올 오늘 07:30');
    // Across a month's end.
    expect(bumpText({ date: created, bumpdate: '2026-12-01T01:00:00.000Z' }, LA, '2026-12-01')).toBe('끌올 어제 17:00');
    expect(bumpText({ date: created, bumpdate: created }, LA, '2026-12-05')).toBe('');
  });
  test('on its page: 끌올 with date and time', () => {
    expect(bumpDateTimeText({ date: created, bumpdate: bumped }, LA)).toBe('끌올 2026-12-05 14:30');
    expect(bumpDateTimeText({ date: created, bumpdate: created }, LA)).toBe('');
  });
});
