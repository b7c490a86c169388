import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// PRODUCT.md "Jobs say pay and visa": a job's pay range in one unit and its visa terms, checked at
// the API's edge; lists narrowed to a visa term and to an hourly pay its top of the range reaches;
// with MIN_WAGE_HOURLY, a 구인 offering less (as an hourly equivalent) refused on `paymin`.

let t: TestApp;
let wage: TestApp;
beforeAll(async () => {
  [t, wage] = await Promise.all([startTestApp(), startTestApp({ MIN_WAGE_HOURLY: '16.90' })]);
});
afterAll(() => Promise.all([t.close(), wage.close()]));

/** A tag unique to one test: its keyword lists only that test's jobs. */
const newTag = () => `태그${crypto.randomBytes(3).toString('hex')}`;

async function post(app: TestApp, body: Record<string, unknown>) {
  const m = await app.member();
  return app.call('POST', '/api/jobs', { token: m.token, body: { title: '주방 보조 구합니다', content: '<p>모집합니다</p>', ...body } });
}

async function saved(app: TestApp, body: Record<string, unknown>): Promise<number> {
  const res = await post(app, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function listed(query: string): Promise<string[]> {
  const res = await t.call('GET', `/api/jobs?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { title: string }[]).map((i) => i.title).sort();
}

describe('a job says its pay and visa terms', () => {
  test('a job is saved and read with its pay range, unit and visa terms', async () => {
    const id = await saved(t, { paymin: 18, paymax: 22.5, payunit: 1, visa: [3, 2, 2] });
    const { body } = await t.call('GET', `/api/jobs/${id}`);
    expect(body.item).toMatchObject({ paymin: 18, paymax: 22.5, payunit: 1, visa: [2, 3] });
  });

  test('a job without pay is 급여 협의: none stored, no unit needed', async () => {
    const id = await saved(t, {});
    const { body } = await t.call('GET', `/api/jobs/${id}`);
    expect(body.item).toMatchObject({ paymin: 0, paymax: 0, payunit: 0, visa: [] });
    const init = await t.call('GET', '/api/jobs/initdata');
    expect(init.body.item).toMatchObject({ paymin: 0, paymax: 0, payunit: 0, visa: [] });
  });

  test('money keeps two decimals', async () => {
    const id = await saved(t, { paymin: 18.129, payunit: 1 });
    expect((await t.call('GET', `/api/jobs/${id}`)).body.item.paymin).toBe(18.12);
  });

  test('an edit changes the pay and the visa terms', async () => {
    const m = await t.member();
    const created = await t.call('POST', '/api/jobs', { token: m.token, body: { title: '카페 직원', paymin: 17, payunit: 1, visa: [1] } });
    const id = created.body.id;
    const edit = await t.call('PUT', '/api/jobs', { token: m.token, body: { id, paymin: 4000, paymax: 4500, payunit: 4, visa: [5] } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const { body } = await t.call('GET', `/api/jobs/${id}`);
    expect(body.item).toMatchObject({ paymin: 4000, paymax: 4500, payunit: 4, visa: [5] });
  });

  test.each([
    [{ paymin: 20 }, 'payunit', '급여 단위(시급, 일급, 주급, 월급, 연봉)를 고르세요'],
    [{ paymin: 20, payunit: 6 }, 'payunit', '급여 단위는 1(시급), 2(일급), 3(주급), 4(월급), 5(연봉) 중 하나입니다'],
    [{ paymin: 20, payunit: '1' }, 'payunit', '급여 단위는 1(시급), 2(일급), 3(주급), 4(월급), 5(연봉) 중 하나입니다'],
    [{ paymin: 22, paymax: 18, payunit: 1 }, 'paymax', '최대 급여는 최소 급여보다 적을 수 없습니다'],
    [{ paymax: 18, payunit: 1 }, 'paymin', '최대 급여를 쓰면 최소 급여도 입력하세요'],
    [{ paymin: -1, payunit: 1 }, 'paymin', '0 이상이어야 합니다'],
    [{ paymin: '18', payunit: 1 }, 'paymin', '숫자를 입력하세요'],
    [
      { visa: [6] },
      'visa[0]',
      '비자 조건은 1(시민권/영주권), 2(비자 스폰서 가능), 3(OPT/CPT 가능), 4(워킹홀리데이), 5(무관) 중에서 고르세요',
    ],
    [{ visa: 2 }, 'visa', '비자 조건은 번호의 목록입니다'],
  ])('%j is refused on its field in Korean', async (body, field, detail) => {
    const res = await post(t, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'error', message: 'invalid', field, detail });
  });
});

describe('the minimum wage (MIN_WAGE_HOURLY)', () => {
  test('a 구인 below it, as an hourly equivalent, is refused on paymin with the minimum', async () => {
    const hourly = await post(wage, { paymin: 16.89, paymax: 20, payunit: 1 });
    expect(hourly.status).toBe(400);
    expect(hourly.body).toMatchObject({ field: 'paymin', detail: '최소 급여는 최저임금 시급 $16.90 이상이어야 합니다' });
    // 173.33 hours a month: $2,929.28 is the least that reaches $16.90 an hour.
    const monthly = await post(wage, { paymin: 2929.27, payunit: 4 });
    expect(monthly.status).toBe(400);
    expect(monthly.body).toMatchObject({
      field: 'paymin',
      detail: '최소 급여는 최저임금 시급 $16.90 이상이어야 합니다 (월급 $2,929.28 이상)',
    });
    for (const [paymin, payunit] of [
      [135.19, 2],
      [675.99, 3],
      [35151.99, 5],
    ]) {
      const res = await post(wage, { paymin, payunit });
      expect(res.status, `${paymin} per ${payunit}`).toBe(400);
      expect(res.body.field).toBe('paymin');
    }
  });

  test('a 구인 at it in any unit is saved', async () => {
    for (const [paymin, payunit] of [
      [16.9, 1],
      [135.2, 2],
      [676, 3],
      [2929.28, 4],
      [35152, 5],
    ]) {
      const res = await post(wage, { paymin, payunit });
      expect(res.status, `${paymin} per ${payunit}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  test('구직 posts and jobs without pay are not checked; without the setting nothing is', async () => {
    expect((await post(wage, { type: 2, paymin: 10, payunit: 1 })).status).toBe(200);
    expect((await post(wage, {})).status).toBe(200);
    expect((await post(t, { paymin: 5, payunit: 1 })).status).toBe(200);
  });

  test('an edit that lowers the pay below it is refused too', async () => {
    const m = await wage.member();
    const created = await wage.call('POST', '/api/jobs', { token: m.token, body: { title: '세차 직원', paymin: 18, payunit: 1 } });
    const edit = await wage.call('PUT', '/api/jobs', { token: m.token, body: { id: created.body.id, paymin: 12 } });
    expect(edit).toMatchObject({ status: 400, body: { field: 'paymin' } });
  });
});

describe('lists filter by visa and minimum hourly pay', () => {
  test('visa lists jobs that name that term, and is checked', async () => {
    const tag = newTag();
    await saved(t, { title: `${tag} 스폰서`, visa: [2, 3] });
    await saved(t, { title: `${tag} 영주권`, visa: [1] });
    await saved(t, { title: `${tag} 없음` });
    expect(await listed(`keyword=${tag}&visa=2`)).toEqual([`${tag} 스폰서`]);
    expect(await listed(`keyword=${tag}&visa=3`)).toEqual([`${tag} 스폰서`]);
    expect(await listed(`keyword=${tag}&visa=1`)).toEqual([`${tag} 영주권`]);
    expect(await listed(`keyword=${tag}&visa=4`)).toEqual([]);
    const counted = await t.call('GET', `/api/jobs/count?keyword=${tag}&visa=2`);
    expect(counted.body).toMatchObject({ total: 1 });
    const bad = await t.call('GET', '/api/jobs?visa=9');
    expect(bad).toMatchObject({ status: 400, body: { field: 'visa' } });
  });

  test('minpay lists jobs whose top of the range reaches it an hour, in every unit', async () => {
    const tag = newTag();
    await saved(t, { title: `${tag} 시급18-22`, paymin: 18, paymax: 22, payunit: 1 });
    await saved(t, { title: `${tag} 시급17`, paymin: 17, payunit: 1 });
    await saved(t, { title: `${tag} 일급200`, paymin: 160, paymax: 200, payunit: 2 });
    await saved(t, { title: `${tag} 월급3466.60`, paymin: 3466.6, payunit: 4 });
    await saved(t, { title: `${tag} 연봉41600`, paymin: 41600, payunit: 5 });
    await saved(t, { title: `${tag} 협의` });
    // $20 an hour: 8 × 20 = 160 a day, 173.33 × 20 = 3,466.60 a month, 2,080 × 20 = 41,600 a year.
    expect(await listed(`keyword=${tag}&minpay=20`)).toEqual(
      [`${tag} 시급18-22`, `${tag} 연봉41600`, `${tag} 월급3466.60`, `${tag} 일급200`].sort(),
    );
    expect(await listed(`keyword=${tag}&minpay=25`)).toEqual([`${tag} 일급200`]);
    expect(await listed(`keyword=${tag}&minpay=22&visa=1`)).toEqual([]);
    const bad = await t.call('GET', '/api/jobs?minpay=abc');
    expect(bad).toMatchObject({ status: 400, body: { field: 'minpay' } });
  });
});

// A job's page needs the built app (`npm run build`).
describe('a 구인 page carries schema.org JobPosting data', () => {
  const PROJECT = path.resolve(import.meta.dirname, '../..');

  async function pageOf(id: number): Promise<string> {
    const pages = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
    const page = await pages.request(`http://portal.example/jobs/${id}`, { headers: { 'user-agent': BROWSER_USER_AGENT } });
    expect(page.status).toBe(200);
    return page.text();
  }

  const postings = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] ?? ''));

  test('with the properties Google requires and its pay, and no text of the job can end the script', async () => {
    const title = '주방장 </script><script>alert(1)</script> & <!-- 모집';
    const id = await saved(t, {
      title,
      content: '<p>한식 조리 & 주방 관리</p>',
      companyname: '서울옥 </SCRIPT> 설렁탕',
      location: '토런스',
      employmenttype: '정규직',
      limitdate: '2099-12-31',
      paymin: 4000,
      paymax: 4800.5,
      payunit: 4,
      visa: [2],
    });
    const html = await pageOf(id);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toMatch(/<\/SCRIPT> 설렁탕/i);
    const [posting, ...others] = postings(html);
    expect(others).toEqual([]);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title,
      description: '<p>한식 조리 &amp; 주방 관리</p>',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: '서울옥 </SCRIPT> 설렁탕' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: '토런스', addressCountry: 'US' } },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 4000, maxValue: 4800.5, unitText: 'MONTH' },
      },
    });
    // ISO 8601 dates: posted now, valid through the deadline's end (the site's time zone).
    expect(Date.parse(posting.datePosted)).toBeGreaterThan(Date.now() - 600_000);
    expect(posting.validThrough).toMatch(/^2100-01-01T0\d:00:00\.000Z$/);
  });

  test('a job without pay leaves baseSalary out; a 구직 post carries none', async () => {
    const open = postings(await pageOf(await saved(t, { title: '상시 모집 직원' })));
    expect(open[0]).toMatchObject({ '@type': 'JobPosting', title: '상시 모집 직원' });
    expect(open[0]).not.toHaveProperty('baseSalary');
    expect(postings(await pageOf(await saved(t, { title: '일자리 찾습니다', type: 2, paymin: 20, payunit: 1 })))).toEqual([]);
  });
});
