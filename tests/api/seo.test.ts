import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { startTestApp, type TestApp, testAppsOfFile } from '#tests/support/test-app.ts';

// The post's page (its canonical address) needs the built app (`npm run build`).
const PROJECT = path.resolve(import.meta.dirname, '../..');
const apps = testAppsOfFile();

let t: TestApp;
let newsId: number;
beforeAll(async () => {
  t = await startTestApp();
  const staff = await t.member({ level: 2 });
  newsId = (
    await t.call('POST', '/api/board', {
      token: staff.token,
      body: { topcategory: 1, title: 'LA 한인 축제 & 행사 <안내>', content: '<p>올해 축제는 <strong>10월</strong>에 열립니다</p>' },
    })
  ).body.id;
});
afterAll(() => t.close());

describe('robots.txt, sitemap.xml and the news feed', () => {
  test('robots.txt keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await t.call('GET', '/robots.txt', { headers: { host: 'portal.example' } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /mypage');
    expect(res.body).toContain('Sitemap: http://portal.example/sitemap.xml');
  });

  test('the sitemap lists the sections and the posts with absolute URLs', async () => {
    const res = await t.call('GET', '/sitemap.xml', { headers: { host: 'portal.example' } });
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.body).toContain('<loc>http://portal.example/news</loc>');
    expect(res.body).toContain(`<loc>http://portal.example/news/${newsId}</loc>`);
  });

  test('the sitemap lists 행사, the public events not over yet and the organizations’ pages; not a held event', async () => {
    const staff = await t.member({ level: 2 });
    const org = await t.call('POST', '/api/board', {
      token: staff.token,
      body: { topcategory: 7, title: '남가주 한인회', content: '<p>소개</p>', tel: '213-555-0100' },
    });
    const event = (token: string) =>
      t.call('POST', '/api/event', { token, body: { title: '송년의 밤', startdate: '2099-12-20', starttime: '18:00' } });
    const shown = await event(staff.token);
    const held = await event((await t.member()).token);
    const res = await t.call('GET', '/sitemap.xml', { headers: { host: 'portal.example' } });
    expect(res.body).toContain('<loc>http://portal.example/events</loc>');
    expect(res.body).toContain(`<loc>http://portal.example/events/${shown.body.id}</loc>`);
    expect(res.body).not.toContain(`<loc>http://portal.example/events/${held.body.id}</loc>`);
    expect(res.body).toContain(`<loc>http://portal.example/organizations/${org.body.id}</loc>`);
  });

  test('the news RSS feed carries the latest news, escaped', async () => {
    const res = await t.call('GET', '/news/rss.xml', { headers: { host: 'portal.example' } });
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    expect(res.body).toContain('<title>LA 한인 축제 &amp; 행사 &lt;안내&gt;</title>');
    expect(res.body).toContain('올해 축제는 10월에 열립니다');
    expect(res.body).not.toContain('<strong>');
  });

  test('every section with item pages has a feed of its own items', async () => {
    const member = await t.member();
    const posted = await t.call('POST', '/api/board', {
      token: member.token,
      body: { topcategory: 5, title: '주말 등산 모임 안내', content: '<p>토요일 아침 7시</p>' },
    });
    const res = await t.call('GET', '/community/rss.xml', { headers: { host: 'portal.example' } });
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<link>http://portal.example/community/${posted.body.id}</link>`);
    expect(res.body).not.toContain('LA 한인 축제');
    expect((await t.call('GET', '/jobs/rss.xml')).headers.get('content-type')).toContain('application/rss+xml');
    expect((await t.call('GET', '/customer/rss.xml')).status).toBe(404);
  });
});

describe('a FAQ answer’s own page, the address the customer centre shares', () => {
  test('shows the question and answer, links back to the list and to 1:1 문의, is in the sitemap; another section’s id is 404', async () => {
    const staff = await t.member({ level: 2 });
    const question = '비밀번호를 잊어버렸어요 🔑 로그인이안되는긴단어질문';
    const faq = await t.call('POST', '/api/board', {
      token: staff.token,
      body: {
        topcategory: 8,
        category: '회원',
        title: question,
        content: '<p>로그인 창의 <strong>비밀번호 찾기</strong>를 눌러 주세요</p>',
      },
    });
    expect(faq.status).toBe(200);
    const pages = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
    const get = (url: string) => pages.request(`http://portal.example${url}`, { headers: { 'user-agent': BROWSER_USER_AGENT } });
    const page = await get(`/customer/faq/${faq.body.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>${question}`);
    expect(html).toContain('<strong>비밀번호 찾기</strong>');
    expect(html).toContain('href="/customer/faq"');
    expect(html).toContain('href="/customer/inquiry"');
    // The list, which opens each answer in place, links each one to its page.
    expect(await (await get('/customer/faq')).text()).toContain(`href="/customer/faq/${faq.body.id}"`);
    for (const wrong of [String(newsId), String(faq.body.id + 100000), 'abc', '0']) {
      expect((await get(`/customer/faq/${wrong}`)).status, wrong).toBe(404);
    }
    const map = await t.call('GET', '/sitemap.xml', { headers: { host: 'portal.example' } });
    expect(map.body).toContain(`<loc>http://portal.example/customer/faq/${faq.body.id}</loc>`);
  });
});

describe('absolute links behind a proxy (issue #31)', () => {
  // The test app trusts its proxy (TRUST_PROXY=1), as a site behind one does.
  const poisoned = { host: 'portal.example', 'x-forwarded-host': 'evil.example' };
  const answers = (on: TestApp) =>
    Promise.all(['/robots.txt', '/sitemap.xml', '/news/rss.xml'].map((url) => on.call('GET', url, { headers: poisoned })));

  test('without SITE_URL the links follow the Host the proxy passes, never X-Forwarded-Host, and no shared cache keeps them', async () => {
    for (const res of await answers(t)) {
      expect(res.status).toBe(200);
      expect(res.body).toContain('http://portal.example/');
      expect(res.body).not.toContain('evil.example');
      expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    }
  });

  test('with SITE_URL every link is on the site’s address, whatever the request says, and shared caches may keep them', async () => {
    const site = await apps.app({ SITE_URL: 'https://hanin.example/' });
    const staff = await site.member({ level: 2 });
    const id = (
      await site.call('POST', '/api/board', {
        token: staff.token,
        body: { topcategory: 1, title: '사이트 주소 뉴스', content: '<p>본문</p>' },
      })
    ).body.id;
    const [robots, sitemap, feed] = await answers(site);
    expect(robots?.body).toContain('Sitemap: https://hanin.example/sitemap.xml');
    expect(sitemap?.body).toContain(`<loc>https://hanin.example/news/${id}</loc>`);
    expect(feed?.body).toContain(`<link>https://hanin.example/news/${id}</link>`);
    for (const res of [robots, sitemap, feed]) {
      expect(res?.body).not.toMatch(/portal\.example|evil\.example/);
      expect(res?.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    }
    // The post's page names the same address as its canonical one and in its og:url.
    const pages = createApp(site.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
    const page = await pages.request(`http://portal.example/news/${id}`, { headers: { ...poisoned, 'user-agent': BROWSER_USER_AGENT } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="https://hanin.example/news/${id}"/>`);
    expect(html).toContain(`<meta property="og:url" content="https://hanin.example/news/${id}"/>`);
    expect(html).not.toMatch(/portal\.example|evil\.example/);
  });
});
