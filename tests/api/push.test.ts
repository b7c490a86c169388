import crypto from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '#shared/events.ts';
import { formatDateTime } from '#shared/format.ts';
import { remindAttendees } from '#server/modules/event/event.service.ts';
import { newTestBrowser, type PushReceiver, startPushReceiver } from '#tests/support/push-receiver.ts';
import { type TestApp, testAppsOfFile } from '#tests/support/test-app.ts';

// Web push (PRODUCT.md "On the phone like an app"): a member's browser subscribes with the site's
// VAPID key; a notification or a message reaches the browser's push service encrypted to the
// browser and signed with the key, per the member's choices and quiet hours. The push service
// here is real: it checks the signature against GET /api/push/key and decrypts each payload with
// the keys of a browser the test made.

const files = testAppsOfFile();
let t: TestApp;
let receiver: PushReceiver;
beforeAll(async () => {
  t = await files.app({ PUSH_ALLOW_LOCAL: '1' });
  receiver = await startPushReceiver();
  files.cleanups.push(() => receiver.close());
});

type Member = Awaited<ReturnType<TestApp['member']>>;

async function siteKey(): Promise<string> {
  const res = await t.call('GET', '/api/push/key');
  expect(res.status).toBe(200);
  return res.body.key;
}

/** A browser of `m` subscribed at a new endpoint of the receiver, which answers `status` there. */
async function subscribed(m: Member, status = 201): Promise<string> {
  const browser = newTestBrowser();
  const endpoint = receiver.endpoint(browser, status);
  const res = await t.call('POST', '/api/push/subscription', { token: m.token, body: browser.subscription(endpoint) });
  expect(res.body).toEqual({ code: 'ok', endpoint });
  return endpoint;
}

async function newPost(m: Member, title: string): Promise<number> {
  const res = await t.call('POST', '/api/board', { token: m.token, body: { topcategory: 5, title, content: '<p>푸시</p>' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function comment(m: Member, board: number): Promise<void> {
  expect((await t.call('POST', '/api/comment', { token: m.token, body: { board, parent: 0, content: '댓글입니다' } })).status).toBe(200);
}

async function message(from: Member, to: Member, content = '안녕하세요'): Promise<number> {
  const started = await t.call('POST', '/api/conversation', { token: from.token, body: { user: to.id } });
  expect(started.status).toBe(200);
  expect((await t.call('POST', `/api/conversation/${started.body.id}/message`, { token: from.token, body: { content } })).status).toBe(200);
  return started.body.id;
}

const saveSettings = (m: Member, body: object) => t.call('PUT', '/api/notification/settings', { token: m.token, body });
const pushesTo = (endpoint: string) => receiver.received.filter((r) => r.path === new URL(endpoint).pathname);

describe('the VAPID key', () => {
  test('GET /api/push/key answers the 65-byte P-256 point, the same at every call and kept in DATA_DIR', async () => {
    const key = await siteKey();
    const point = Buffer.from(key, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect(key).not.toMatch(/[+/=]/);
    expect(await siteKey()).toBe(key);
  });

  test('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY set the key, for several servers', async () => {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const configured = await files.app({
      VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
      VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url'),
    });
    expect((await configured.call('GET', '/api/push/key')).body.key).toBe(ecdh.getPublicKey('base64url'));
  });
});

describe('subscriptions', () => {
  test('only members subscribe; the subscription is validated', async () => {
    const m = await t.member();
    const browser = newTestBrowser();
    const endpoint = receiver.endpoint(browser);
    expect((await t.call('POST', '/api/push/subscription', { body: browser.subscription(endpoint) })).status).toBe(401);
    const bad = [
      { endpoint },
      { endpoint: 'ftp://push.example.com/x', keys: browser.subscription(endpoint).keys },
      { ...browser.subscription(endpoint), keys: { p256dh: 'B'.repeat(87), auth: 'x' } },
      // 65 bytes, the first 0x04, but no point on the curve.
      { ...browser.subscription(endpoint), keys: { ...browser.subscription(endpoint).keys, p256dh: `B${'A'.repeat(86)}` } },
      { ...browser.subscription(endpoint), extra: 1 },
    ];
    for (const body of bad) {
      const res = await t.call('POST', '/api/push/subscription', { token: m.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // A browser's PushSubscription.toJSON() carries expirationTime: taken.
    const res = await t.call('POST', '/api/push/subscription', {
      token: m.token,
      body: { ...browser.subscription(endpoint), expirationTime: null },
    });
    expect(res.body).toEqual({ code: 'ok', endpoint });
    expect((await t.call('DELETE', '/api/push/subscription', { token: m.token, body: { endpoint } })).body).toEqual({
      code: 'ok',
      deleted: true,
    });
  });

  test('endpoints on private, loopback or link-local addresses, or names that resolve to them, are refused without PUSH_ALLOW_LOCAL', async () => {
    const strict = await files.app();
    const m = await strict.member();
    const keys = newTestBrowser().subscription('').keys;
    for (const endpoint of [
      'https://127.0.0.1/push/1',
      'https://localhost/push/1',
      'https://10.0.0.8/push/1',
      'https://192.168.1.20/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push/1',
      'https://[fd00::1]/push/1',
      'https://nowhere.invalid/push/1',
      `${receiver.origin}/push/1`,
      'http://fcm.googleapis.com/fcm/send/abc',
    ]) {
      const res = await strict.call('POST', '/api/push/subscription', { token: m.token, body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message).toBe('invalid');
    }
  });
});

describe('pushes', () => {
  test('a comment on my post reaches my browser within 5 s, encrypted to it and signed with the site’s key', async () => {
    const author = await t.member();
    const other = await t.member({ nickname: '푸시댓글러' });
    const endpoint = await subscribed(author);
    const post = await newPost(author, '푸시로 알려 줄 글');
    await comment(other, post);
    const [push] = await receiver.waitFor(endpoint, 1, 5000);
    expect(push?.vapid.key).toBe(await siteKey());
    expect(push?.vapid.claims.aud).toBe(receiver.origin);
    expect(push?.vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(push?.vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(push?.vapid.claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    const [notice] = (await t.call('GET', '/api/notification', { token: author.token })).body.items;
    expect(push?.payload).toEqual({
      title: '푸시댓글러님이 내 글에 댓글을 남겼습니다',
      body: '푸시로 알려 줄 글',
      link: `/mypage/notifications/${notice.id}`,
      kind: 'comment',
    });
  });

  test('a message reaches the recipient’s browser, naming who wrote and not what', async () => {
    const to = await t.member();
    const from = await t.member({ nickname: '쪽지보낸이' });
    const endpoint = await subscribed(to);
    const conversation = await message(from, to, '비밀 이야기');
    const [push] = await receiver.waitFor(endpoint);
    expect(push?.payload).toEqual({
      title: '쪽지보낸이님의 새 쪽지',
      body: '쪽지를 열어 확인하세요',
      link: `/messages/${conversation}`,
      kind: 'message',
    });
  });

  test('the kinds a member turned off are not pushed; the notification stays', async () => {
    const author = await t.member();
    const other = await t.member();
    const endpoint = await subscribed(author);
    expect((await saveSettings(author, { mail: [], push: ['message'] })).body).toMatchObject({ push: ['message'], quiet: null });
    await comment(other, await newPost(author, '댓글 푸시는 끔'));
    // A message afterwards is pushed: once it has arrived, a comment push would have too.
    await message(other, author);
    await receiver.waitFor(endpoint);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushesTo(endpoint).map((p) => (p.payload as { kind: string }).kind)).toEqual(['message']);
    expect((await t.call('GET', '/api/notification', { token: author.token })).body.total).toBe(1);
  });

  test('an event’s reminder is pushed to those who come, unless they turned events off; the notification stays', async () => {
    const organizer = await t.member({ level: 2 });
    const date = addDays(formatDateTime(new Date().toISOString(), t.env.SITE_TIMEZONE).slice(0, 10), 30);
    const created = await t.call('POST', '/api/event', {
      token: organizer.token,
      body: { title: '푸시로 알리는 한인회 모임', content: '<p>모임</p>', category: '모임', startdate: date, starttime: '18:00' },
    });
    expect(created.status).toBe(200);
    const [keeps, off] = [await t.member(), await t.member()];
    const [keepsEndpoint, offEndpoint] = [await subscribed(keeps), await subscribed(off)];
    const allButEvents = ['comment', 'reply', 'answer', 'keyword', 'message', 'expiry'];
    expect((await saveSettings(off, { mail: [], push: allButEvents })).body).toMatchObject({ push: allButEvents });
    for (const m of [keeps, off]) expect((await t.call('POST', `/api/event/${created.body.id}/rsvp`, { token: m.token })).status).toBe(200);

    // Midday of the day before, in the site's time zone (UTC-12 to UTC+3 keep the date at 20:00 UTC).
    await remindAttendees(t.deps, new Date(`${addDays(date, -1)}T20:00:00Z`));
    const [push] = await receiver.waitFor(keepsEndpoint);
    expect(push?.payload).toMatchObject({ title: '참석하기로 한 행사가 내일 열립니다', body: '푸시로 알리는 한인회 모임', kind: 'event' });
    // A message afterwards is pushed to the other: once it has arrived, a reminder would have too.
    await message(organizer, off);
    await receiver.waitFor(offEndpoint);
    expect(pushesTo(offEndpoint).map((p) => (p.payload as { kind: string }).kind)).toEqual(['message']);
    const notices = (await t.call('GET', '/api/notification', { token: off.token })).body.items as { kind: string }[];
    expect(notices.map((n) => n.kind)).toEqual(['event']);
  });

  test('a push due in quiet hours is dropped; the notification stays', async () => {
    const author = await t.member();
    const other = await t.member();
    const endpoint = await subscribed(author);
    const hour = Number(formatDateTime(new Date().toISOString(), t.env.SITE_TIMEZONE).slice(11, 13));
    const quiet = { from: `${String((hour + 23) % 24).padStart(2, '0')}:00`, to: `${String((hour + 1) % 24).padStart(2, '0')}:00` };
    expect((await saveSettings(author, { mail: [], quiet })).body).toMatchObject({ quiet });
    await comment(other, await newPost(author, '조용한 시간의 댓글'));
    await message(other, author);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pushesTo(endpoint)).toEqual([]);
    expect((await t.call('GET', '/api/notification', { token: author.token })).body.total).toBe(1);

    // Out of quiet hours again, the next one is pushed.
    expect((await saveSettings(author, { mail: [], quiet: null })).body).toMatchObject({ quiet: null });
    await message(other, author, '이제 들립니다');
    await receiver.waitFor(endpoint);
  });

  test('a subscription the push service answers 410 (or 404) is dropped', async () => {
    const member = await t.member();
    const other = await t.member();
    const gone = await subscribed(member, 410);
    const missing = await subscribed(member, 404);
    const live = await subscribed(member);
    await message(other, member);
    await Promise.all([receiver.waitFor(gone), receiver.waitFor(missing), receiver.waitFor(live)]);
    await expect
      .poll(async () => (await t.call('DELETE', '/api/push/subscription', { token: member.token, body: { endpoint: gone } })).body.deleted)
      .toBe(false);
    expect((await t.call('DELETE', '/api/push/subscription', { token: member.token, body: { endpoint: missing } })).body.deleted).toBe(
      false,
    );
    await message(other, member, '두 번째');
    await receiver.waitFor(live, 2);
    expect(pushesTo(gone)).toHaveLength(1);
  });

  test('an endpoint another member subscribed is this member’s from then on; one member cannot remove another’s', async () => {
    const first = await t.member();
    const second = await t.member();
    const sender = await t.member();
    const browser = newTestBrowser();
    const endpoint = receiver.endpoint(browser);
    for (const m of [first, second]) {
      expect((await t.call('POST', '/api/push/subscription', { token: m.token, body: browser.subscription(endpoint) })).status).toBe(200);
    }
    expect((await t.call('DELETE', '/api/push/subscription', { token: first.token, body: { endpoint } })).body.deleted).toBe(false);
    await message(sender, first, '첫째에게');
    await message(sender, second, '둘째에게');
    await receiver.waitFor(endpoint);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushesTo(endpoint)).toHaveLength(1);
  });
});

describe('settings', () => {
  test('GET/PUT /api/notification/settings carry the pushed kinds and quiet hours', async () => {
    const m = await t.member();
    const get = async () => (await t.call('GET', '/api/notification/settings', { token: m.token })).body;
    expect(await get()).toEqual({
      code: 'ok',
      mail: ['answer', 'message'],
      push: ['comment', 'reply', 'answer', 'keyword', 'message', 'event', 'expiry'],
      quiet: null,
    });
    const saved = await saveSettings(m, { mail: ['comment'], push: ['message', 'event'], quiet: { from: '22:00', to: '08:00' } });
    expect(saved.body).toEqual({ code: 'ok', mail: ['comment'], push: ['message', 'event'], quiet: { from: '22:00', to: '08:00' } });
    // The e-mail form alone keeps the push choices.
    expect((await saveSettings(m, { mail: [] })).body).toEqual({
      code: 'ok',
      mail: [],
      push: ['message', 'event'],
      quiet: { from: '22:00', to: '08:00' },
    });
    for (const body of [
      { mail: [], push: ['held'] },
      { mail: [], quiet: { from: '25:00', to: '08:00' } },
      { mail: [], quiet: { from: '8:00', to: '09:00' } },
      { mail: [], quiet: { from: '08:00', to: '08:00' } },
      { mail: [], quiet: { from: '22:00' } },
    ]) {
      expect((await saveSettings(m, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await get()).toMatchObject({ push: ['message', 'event'], quiet: { from: '22:00', to: '08:00' } });
  });
});

describe('a push service that fails the signature or cannot decrypt is noticed', () => {
  test('every push so far passed the checks', () => {
    expect(receiver.failures).toEqual([]);
  });
});
