import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { siteClock } from '#shared/business-hours.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A business listing's photos and closed days (migration 0011), on SQLite and PostgreSQL: the
// API stores what the write page sends and answers it back, and ?open=1 leaves out a listing on
// its closed day.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const photos = ['/api/webdata/2026/11/a.webp', '/api/webdata/2026/11/b.webp', '/api/webdata/2026/11/c.webp'];

describe('business photos and closed days', () => {
  test('several photos are kept in order, the first is the list thumbnail; closed days are stored in order, once each', async () => {
    const m = await t.member();
    const created = await t.call('POST', '/api/business', {
      token: m.token,
      body: { title: '한빛 분식 🍜 Hanbit', images: photos, closeddays: '7,1,7' },
    });
    expect(created.status).toBe(200);
    const item = (await t.call('GET', `/api/business/${created.body.id}`)).body.item;
    expect(item).toMatchObject({ images: photos, image: photos[0], closeddays: '1,7' });

    const edited = await t.call('PUT', '/api/business', {
      token: m.token,
      body: { id: created.body.id, images: [photos[2], photos[0]], image: photos[2], closeddays: '' },
    });
    expect(edited.body.item).toMatchObject({ images: [photos[2], photos[0]], image: photos[2], closeddays: '' });
    const listed = (await t.call('GET', `/api/business?keyword=${encodeURIComponent('한빛')}`)).body.items;
    expect(listed.find((i: { id: number }) => i.id === created.body.id)).toMatchObject({
      images: [photos[2], photos[0]],
      image: photos[2],
    });
    expect((await t.call('GET', '/api/business/initdata')).body.item).toMatchObject({ images: [], closeddays: '' });
  });

  test('closed days other than 1 to 7, more than ten photos and other hosts are refused with a Korean reason naming the field', async () => {
    const m = await t.member();
    const cases: [Record<string, unknown>, string][] = [
      [{ closeddays: '8' }, 'closeddays'],
      [{ closeddays: '월,화' }, 'closeddays'],
      [{ closeddays: 6 }, 'closeddays'],
      [{ images: Array.from({ length: 11 }, (_, i) => `/api/webdata/x${i}.webp`) }, 'images'],
      [{ images: ['https://example.com/a.jpg'] }, 'images[0]'],
    ];
    for (const [fields, field] of cases) {
      const res = await t.call('POST', '/api/business', { token: m.token, body: { title: '식당', ...fields } });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body).toMatchObject({ code: 'error', message: 'invalid', field });
      expect(res.body.detail).toMatch(/[가-힣]/);
    }
  });

  test('open now leaves out a listing on its closed day, whatever its hours', async () => {
    const m = await t.member();
    const { weekday } = siteClock(t.env.SITE_TIMEZONE);
    const tag = `휴무${Date.now()}`;
    const allDay = { starttime: '00:00', endtime: '23:59', weekendstarttime: '00:00', weekendendtime: '23:59' };
    const open = (await t.call('POST', '/api/business', { token: m.token, body: { title: `${tag} 영업`, ...allDay } })).body.id;
    const closed = (
      await t.call('POST', '/api/business', { token: m.token, body: { title: `${tag} 휴무`, ...allDay, closeddays: String(weekday) } })
    ).body.id;
    const ids = (await t.call('GET', `/api/business?keyword=${encodeURIComponent(tag)}&open=1`)).body.items.map(
      (i: { id: number }) => i.id,
    );
    // A minute before midnight the all-day hours have ended too; the closed one is never open.
    expect(ids).not.toContain(closed);
    if (siteClock(t.env.SITE_TIMEZONE).time < '23:59') expect(ids).toContain(open);
  });
});
