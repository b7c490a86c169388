import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { BROWSER_USER_AGENT } from '#tests/support/browser.ts';
import { type TestApp, testAppsOfFile } from '#tests/support/test-app.ts';

// A shared item's card (PRODUCT.md "On the phone like an app"): KakaoTalk and others read the
// page's Open Graph and twitter: tags. Title and description are the item's, escaped; the picture
// is its first photo, or the site's drawn card; every address is absolute on SITE_URL or on the
// origin the request came to. The pages need the built app (`npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');
const files = testAppsOfFile();
let t: TestApp;
let member: { token: string };
beforeAll(async () => {
  t = await files.app();
  member = await t.member();
});

const pagesOf = (on: TestApp) => createApp(on.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });

/** The page as a browser behind the site's proxy asks for it: over https, a forged forwarded host. */
async function pageOf(on: TestApp, pathname: string): Promise<string> {
  const res = await pagesOf(on).request(`http://portal.example${pathname}`, {
    headers: { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The card's tags, by property or name, as a crawler reads them (entities decoded). */
function cardOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[\w:]+)" content="([^"]*)"\/>/g)) {
    if (key && value !== undefined && !(key in tags)) tags[key] = decode(value);
  }
  return tags;
}

async function post(body: Record<string, unknown>): Promise<number> {
  const res = await t.call('POST', '/api/board', { token: member.token, body });
  expect(res.status).toBe(200);
  return res.body.id;
}

describe('share cards on item pages', () => {
  test('an item without a photo: its title and text, escaped, and the drawn card, on the origin the request came to', async () => {
    const title = '"급구" <주말> 알바 & 파트타임 🍜';
    const id = await post({ topcategory: 5, title, content: '<p>한인타운 식당에서 <b>주말</b> 일할 분을 찾습니다 😀</p>' });
    const html = await pageOf(t, `/community/${id}`);
    const card = cardOf(html);
    expect(card).toMatchObject({
      'og:type': 'article',
      'og:title': title,
      'og:description': '한인타운 식당에서 주말 일할 분을 찾습니다 😀',
      'og:url': `https://portal.example/community/${id}`,
      'og:image': `https://portal.example/share-card/community/${id}.png`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
      'twitter:title': title,
      'twitter:image': `https://portal.example/share-card/community/${id}.png`,
    });
    // Nothing the item says breaks out of an attribute.
    expect(html).not.toContain('<주말>');
    expect(html).not.toContain('evil.example');

    const drawn = await pagesOf(t).request(`/share-card/community/${id}.png`);
    expect(drawn.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await drawn.arrayBuffer());
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  });

  test('an item with photos: its first photo, on SITE_URL', async () => {
    const site = await files.app({ SITE_URL: 'https://hanin.example' });
    const seller = await site.member();
    const form = new FormData();
    for (const background of ['#cc3333', '#3333cc']) {
      const data = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .jpeg()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(data)]), '사진.jpg');
    }
    const uploaded = await site.app.request('/api/upload', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    const photos = ((await uploaded.json()) as { items: { path: string }[] }).items.map((p) => p.path);
    const created = await site.call('POST', '/api/board', {
      token: seller.token,
      body: { topcategory: 4, title: '자전거 팝니다', price: 120, images: photos, content: '<p>거의 새것입니다</p>' },
    });
    expect(created.status).toBe(200);
    const card = cardOf(await pageOf(site, `/market/${created.body.id}`));
    expect(card['og:image']).toBe(`https://hanin.example${photos[0]}`);
    expect(card['twitter:image']).toBe(card['og:image']);
    expect(card['og:url']).toBe(`https://hanin.example/market/${created.body.id}`);
    expect(card['og:image:width']).toBeUndefined();
  });

  test('an event’s page has its card too', async () => {
    const site = await files.app({ SITE_URL: 'https://hanin.example' });
    const organizer = await site.member({ level: 2 });
    const created = await site.call('POST', '/api/event', {
      token: organizer.token,
      body: { title: '한인회 송년의 밤', content: '<p>모두 환영합니다</p>', category: '모임', startdate: '2099-12-20', starttime: '18:00' },
    });
    expect(created.status).toBe(200);
    const card = cardOf(await pageOf(site, `/events/${created.body.id}`));
    expect(card).toMatchObject({
      'og:title': '한인회 송년의 밤',
      'og:description': '모두 환영합니다',
      'og:url': `https://hanin.example/events/${created.body.id}`,
      'og:image': `https://hanin.example/share-card/events/${created.body.id}.png`,
    });
    const drawn = await pagesOf(site).request(`/share-card/events/${created.body.id}.png`);
    expect(drawn.status).toBe(200);
  });
});

/** The share of white (text) pixels in a band of the card's rows, left of the decoration. */
async function inkIn(png: Buffer, [top, bottom]: readonly [number, number]): Promise<number> {
  const { data, info } = await sharp(png)
    .extract({ left: 80, top, width: 1040, height: bottom - top })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 0) > 200 && (data[i + 2] ?? 0) > 200) ink++;
  }
  return ink / (info.width * info.height);
}

describe('the drawn card', () => {
  // The title's lines sit at 292, 384 and 476 (their baselines); the site's name at the top.
  const LINE: readonly (readonly [number, number])[] = [
    [225, 310],
    [317, 402],
    [409, 494],
  ];

  async function cardPng(title: string): Promise<Buffer> {
    const id = await post({ topcategory: 5, title, content: '<p>본문</p>' });
    const res = await pagesOf(t).request(`/share-card/community/${id}.png`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  test('shows the title and the site’s name in Korean type', async () => {
    const png = await cardPng('한인회 송년의 밤에 초대합니다');
    expect(await inkIn(png, [60, 150])).toBeGreaterThan(0.02);
    expect(await inkIn(png, LINE[0] ?? [0, 0])).toBeGreaterThan(0.03);
    expect(await inkIn(png, LINE[1] ?? [0, 0])).toBe(0);
  });

  test('a long title wraps by words into three lines and no further', async () => {
    const png = await cardPng(
      '토론토 한인타운 근처에서 주말마다 함께 배드민턴 치실 분을 찾습니다 초보도 환영하고 라켓은 빌려드립니다 연락 주세요 🏸 감사합니다 Badminton Club',
    );
    for (const line of LINE) expect(await inkIn(png, line)).toBeGreaterThan(0.03);
    expect(await inkIn(png, [500, 548])).toBe(0);
  });

  test('no card for a page a visitor may not read, or no item’s page', async () => {
    const id = await post({ topcategory: 5, title: '곧 숨길 글', content: '<p>본문</p>' });
    const admin = await t.member({ level: 3 });
    const hidden = await t.call('POST', '/api/admin/moderate', {
      token: admin.token,
      body: { target: 'board', ids: [id], action: 'hide' },
    });
    expect(hidden.status).toBe(200);
    for (const path of [
      `/share-card/community/${id}.png`,
      `/share-card/market/${id}.png`,
      '/share-card/community/999999.png',
      '/share-card/mypage/1.png',
    ]) {
      expect((await pagesOf(t).request(path)).status, path).toBe(404);
    }
  });
});
