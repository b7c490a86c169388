import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

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
