import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Private messages (쪽지/채팅, PRODUCT.md "Messages"): one conversation per two members and item,
// read and written by those two only, with unread counts, paging, leaving, blocks and the
// cautions scams earn.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

async function marketPost(m: Member, title = '전기밥솥 팝니다'): Promise<number> {
  const res = await t.call('POST', '/api/board', {
    token: m.token,
    body: { topcategory: 4, title, content: '<p>거의 새것</p>', price: 30 },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function start(m: Member, body: object): Promise<number> {
  const res = await t.call('POST', '/api/conversation', { token: m.token, body });
  expect(res.body).toMatchObject({ code: 'ok' });
  return res.body.id;
}

const send = (m: Member, id: number, content: string) =>
  t.call('POST', `/api/conversation/${id}/message`, { token: m.token, body: { content } });
const read = (m: Member, id: number, query = '') => t.call('GET', `/api/conversation/${id}${query}`, { token: m.token });
const mine = async (m: Member) => (await t.call('GET', '/api/conversation', { token: m.token })).body;

describe('starting a conversation', () => {
  test('the same two members and item get the same id, whoever starts it; another item another', async () => {
    const seller = await t.member();
    const buyer = await t.member();
    const post = await marketPost(seller);
    const id = await start(buyer, { target: 'board', item: post });
    expect(await start(buyer, { target: 'board', item: post })).toBe(id);
    // Direct conversations: the same id both ways, and not the item's.
    const direct = await start(buyer, { user: seller.id });
    expect(await start(seller, { user: buyer.id })).toBe(direct);
    expect(direct).not.toBe(id);
    expect(await start(buyer, { target: 'board', item: await marketPost(seller, '책상 팝니다') })).not.toBe(id);
  });

  test('both members starting it at the same moment reach the same conversation', async () => {
    const a = await t.member();
    const b = await t.member();
    const [one, two] = await Promise.all([start(a, { user: b.id }), start(b, { user: a.id })]);
    expect(one).toBe(two);
  });

  test('yourself 400, a visitor 401, a missing member or item 404, your own item 400', async () => {
    const m = await t.member();
    expect((await t.call('POST', '/api/conversation', { token: m.token, body: { user: m.id } })).status).toBe(400);
    const visitor = await t.call('POST', '/api/conversation', { body: { user: m.id } });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ code: 'error', message: 'unauthorized' });
    expect((await t.call('POST', '/api/conversation', { token: m.token, body: { user: 99_999_999 } })).status).toBe(404);
    expect((await t.call('POST', '/api/conversation', { token: m.token, body: { target: 'board', item: 99_999_999 } })).status).toBe(404);
    expect(
      (await t.call('POST', '/api/conversation', { token: m.token, body: { target: 'board', item: await marketPost(m) } })).status,
    ).toBe(400);
    expect((await t.call('POST', '/api/conversation', { token: m.token, body: { target: 'nope', item: 1 } })).status).toBe(400);
  });

  test('a deleted or hidden item, a post outside the market and a housing item that does not exist are 404', async () => {
    const seller = await t.member();
    const buyer = await t.member();
    const hidden = await marketPost(seller);
    await t.deps.db.updateTable('board').set({ hidden: 1 }).where('id', '=', hidden).execute();
    const talk = (
      await t.call('POST', '/api/board', { token: seller.token, body: { topcategory: 5, title: '수다', content: '<p>안녕</p>' } })
    ).body.id;
    const deleted = await marketPost(seller);
    expect((await t.call('DELETE', '/api/board', { token: seller.token, body: { id: deleted } })).status).toBe(200);
    for (const body of [
      { target: 'board', item: deleted },
      { target: 'board', item: hidden },
      { target: 'board', item: talk },
      { target: 'housing', item: 1 },
    ]) {
      expect((await t.call('POST', '/api/conversation', { token: buyer.token, body })).body).toMatchObject({
        code: 'error',
        message: 'not found',
      });
    }
  });

  test('jobs and business listings take conversations with their author', async () => {
    const owner = await t.member();
    const asker = await t.member();
    const job = (await t.call('POST', '/api/jobs', { token: owner.token, body: { title: '주방 보조 구합니다', content: '<p>주 5일</p>' } }))
      .body.id;
    const id = await start(asker, { target: 'jobs', item: job });
    expect((await read(owner, id)).body.item).toMatchObject({
      id,
      other: { id: asker.id },
      target: 'jobs',
      item: job,
      title: '주방 보조 구합니다',
    });
  });
});

describe('reading and writing', () => {
  test('only its two members read or write it: everyone else 404, admins included', async () => {
    const a = await t.member();
    const b = await t.member();
    const id = await start(a, { user: b.id });
    expect((await send(a, id, '안녕하세요')).status).toBe(200);
    const stranger = await t.member();
    for (const token of [stranger.token, await t.root()]) {
      expect((await t.call('GET', `/api/conversation/${id}`, { token })).body).toEqual({ code: 'error', message: 'not found' });
      expect((await t.call('POST', `/api/conversation/${id}/message`, { token, body: { content: '끼어들기' } })).status).toBe(404);
      expect((await t.call('PUT', `/api/conversation/${id}/read`, { token })).status).toBe(404);
      expect((await t.call('DELETE', `/api/conversation/${id}`, { token })).status).toBe(404);
    }
    expect((await t.call('GET', `/api/conversation/${id}`)).status).toBe(401);
    expect((await t.call('GET', '/api/conversation/abc', { token: a.token })).status).toBe(404);
  });

  test('content is 1-2000 characters after trimming, kept as typed (no markup is read)', async () => {
    const a = await t.member();
    const b = await t.member();
    const id = await start(a, { user: b.id });
    expect((await send(a, id, '   ')).status).toBe(400);
    expect((await send(a, id, '가'.repeat(2001))).status).toBe(400);
    expect((await send(a, id, `  ${'가'.repeat(2000)}  `)).status).toBe(200);
    const typed = '<b>굵게</b> & <script>alert(1)</script>\n두 번째 줄';
    const sent = await send(a, id, typed);
    expect(sent.body).toEqual({ code: 'ok', id: expect.any(Number), date: expect.stringMatching(/^\d{4}-/), warnings: [] });
    const { messages } = (await read(b, id)).body;
    expect(messages.at(-1)).toEqual({ id: sent.body.id, user: a.id, content: typed, date: sent.body.date, warnings: [] });
  });

  test('the newest 50, oldest first, with more; before pages back', async () => {
    const a = await t.member();
    const b = await t.member();
    const id = await start(a, { user: b.id });
    const ids: number[] = [];
    for (let i = 1; i <= 55; i++) ids.push((await send(i % 2 ? a : b, id, `메시지 ${i}`)).body.id);
    const first = (await read(a, id)).body;
    expect(first.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(5));
    expect(first.more).toBe(true);
    const older = (await read(a, id, `?before=${first.messages[0].id}`)).body;
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual(['메시지 1', '메시지 2', '메시지 3', '메시지 4', '메시지 5']);
    expect(older.more).toBe(false);
    expect((await read(a, id, '?before=abc')).status).toBe(400);
  });

  test('unread per conversation and in all; reading marks them read; the list is newest activity first', async () => {
    const me = await t.member();
    const x = await t.member({ nickname: `엑스${Date.now() % 100000}` });
    const y = await t.member();
    const withX = await start(x, { user: me.id });
    const withY = await start(y, { user: me.id });
    await send(x, withX, '첫 번째');
    await send(x, withX, '두 번째');
    await send(y, withY, '안녕');
    await send(me, withY, '네 안녕하세요');
    let list = await mine(me);
    // Answering Y marked Y's message read: writing means I have seen the conversation.
    expect(list).toMatchObject({ code: 'ok', total: 2, page: 1, size: 20, unread: 2 });
    expect(list.items.map((c: { id: number }) => c.id)).toEqual([withY, withX]);
    expect(list.items[1]).toEqual({
      id: withX,
      other: { id: x.id, nickname: expect.stringMatching(/^엑스/) },
      target: '',
      item: 0,
      title: '',
      last: { content: '두 번째', date: expect.any(String), user: x.id },
      unread: 2,
    });
    expect(list.items[0].unread).toBe(0);
    expect((await t.call('PUT', `/api/conversation/${withX}/read`, { token: me.token })).body).toEqual({ code: 'ok', unread: 0 });
    list = await mine(me);
    expect(list.unread).toBe(0);
    expect((await mine(x)).unread).toBe(0);
  });

  test('leaving takes it off my list until a new message comes; the other keeps it', async () => {
    const a = await t.member();
    const b = await t.member();
    const id = await start(a, { user: b.id });
    await send(a, id, '안녕하세요');
    expect((await t.call('DELETE', `/api/conversation/${id}`, { token: b.token })).body).toEqual({ code: 'ok', id });
    expect((await mine(b)).total).toBe(0);
    expect((await mine(b)).unread).toBe(0);
    expect((await mine(a)).total).toBe(1);
    await send(a, id, '혹시 보셨나요?');
    const back = await mine(b);
    expect(back).toMatchObject({ total: 1, unread: 1 });
    expect(back.items[0].last.content).toBe('혹시 보셨나요?');
  });
});

describe('safety', () => {
  test('warnings name contact, prepay and exchange text', async () => {
    const a = await t.member();
    const b = await t.member();
    const id = await start(a, { user: b.id });
    const warned = async (content: string) => (await send(a, id, content)).body.warnings;
    expect(await warned('내일 오후에 볼 수 있어요')).toEqual([]);
    expect(await warned('010-1234-5678로 연락주세요')).toEqual(['contact']);
    expect(await warned('(213) 555-1234 문자 주세요')).toEqual(['contact']);
    expect(await warned('seller@example.com 으로 메일 주세요')).toEqual(['contact']);
    expect(await warned('카톡 아이디 abc123 추가해 주세요')).toEqual(['contact']);
    expect(await warned('선입금 해주시면 바로 보내드려요')).toEqual(['prepay']);
    expect(await warned('Zelle로 먼저 보내주세요')).toEqual(['prepay']);
    expect(await warned('기프트카드로 결제 가능해요')).toEqual(['prepay']);
    expect(await warned('환전도 해드려요')).toEqual(['exchange']);
    expect(await warned('카톡 주시면 계좌 알려드릴게요. 환전 가능')).toEqual(['contact', 'prepay', 'exchange']);
  });

  test('both members read each message with the cautions it earns, an admin’s phrase among them from its next read', async () => {
    const a = await t.member();
    const b = await t.member();
    const id = await start(a, { user: b.id });
    const phrase = `급매처분${Date.now() % 100000}`;
    await send(a, id, `${phrase} 오늘만 가능해요`);
    await send(b, id, '선입금 해주시면 바로 보내드려요');
    const cautions = async (m: Member) => (await read(m, id)).body.messages.map((x: { warnings: string[] }) => x.warnings);
    expect(await cautions(a)).toEqual([[], ['prepay']]);
    const root = await t.root();
    const added = await t.call('POST', '/api/admin/scam-phrases', { token: root, body: { key: 'prepay', phrase } });
    expect(added.status).toBe(200);
    expect(await cautions(b)).toEqual([['prepay'], ['prepay']]);
    expect((await t.call('DELETE', `/api/admin/scam-phrases/${added.body.id}`, { token: root })).status).toBe(200);
    expect(await cautions(a)).toEqual([[], ['prepay']]);
  });

  test('a blocked member can no longer start a conversation with, or write to, the member who blocked them', async () => {
    const blocker = await t.member();
    const pest = await t.member();
    const id = await start(pest, { user: blocker.id });
    expect((await t.call('POST', '/api/block', { token: blocker.token, body: { user: pest.id } })).body).toEqual({
      code: 'ok',
      user: pest.id,
    });
    const refused = await send(pest, id, '왜 답이 없어요');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'error', message: 'blocked' });
    expect((await t.call('POST', '/api/conversation', { token: pest.token, body: { user: blocker.id } })).body).toMatchObject({
      code: 'error',
      message: 'blocked',
    });
    const post = await marketPost(blocker);
    expect((await t.call('POST', '/api/conversation', { token: pest.token, body: { target: 'board', item: post } })).status).toBe(403);
    // The blocker may still write.
    expect((await send(blocker, id, '연락하지 마세요')).status).toBe(200);
    const list = (await t.call('GET', '/api/block', { token: blocker.token })).body;
    expect(list).toEqual({ code: 'ok', items: [{ id: pest.id, nickname: expect.any(String), date: expect.any(String) }] });
    expect((await t.call('POST', '/api/block', { token: blocker.token, body: { user: blocker.id } })).status).toBe(400);
    expect((await t.call('DELETE', `/api/block/${pest.id}`, { token: blocker.token })).body).toEqual({ code: 'ok', user: pest.id });
    expect((await send(pest, id, '다시 연락드려요')).status).toBe(200);
    expect((await t.call('GET', '/api/block', { token: blocker.token })).body.items).toEqual([]);
    expect((await t.call('GET', '/api/block')).status).toBe(401);
  });
});

describe('the header count and the live stream', () => {
  test('a member page carries the unread message count', async () => {
    const a = await t.member();
    const b = await t.member();
    const { unreadMessageCount } = await import('#server/modules/message/message.service.ts');
    const id = await start(a, { user: b.id });
    await send(a, id, '하나');
    await send(a, id, '둘');
    expect(await unreadMessageCount(t.deps, b.id)).toBe(2);
    expect(await unreadMessageCount(t.deps, a.id)).toBe(0);
  });

  test("a message ends no stored page, and renews its two members' kept reads only", async () => {
    const a = await t.member();
    const b = await t.member();
    const c = await t.member();
    const id = await start(a, { user: b.id });
    const tracker = t.deps.tracker;
    const before = { epoch: tracker.epoch, b: tracker.memberVersion('messages', b.id), c: tracker.memberVersion('messages', c.id) };
    await send(a, id, '안녕하세요');
    expect(tracker.epoch).toBe(before.epoch);
    expect(tracker.memberVersion('messages', b.id)).not.toBe(before.b);
    expect(tracker.memberVersion('messages', c.id)).toBe(before.c);
  });

  test('messageEventsSince answers messages to or from the member after an id, oldest first', async () => {
    const { messageEventsSince } = await import('#server/modules/message/message.service.ts');
    const a = await t.member();
    const b = await t.member();
    const c = await t.member();
    const ab = await start(a, { user: b.id });
    const cb = await start(c, { user: b.id });
    const first = (await send(a, ab, '1')).body.id;
    const second = (await send(c, cb, '2')).body.id;
    const third = (await send(b, ab, '3')).body.id;
    expect(await messageEventsSince(t.deps, b.id, 0)).toEqual([
      { conversation: ab, id: first },
      { conversation: cb, id: second },
      { conversation: ab, id: third },
    ]);
    expect(await messageEventsSince(t.deps, a.id, first)).toEqual([{ conversation: ab, id: third }]);
  });
});

describe('reports', () => {
  test('a member reports a conversation; the admin reads its messages on the report list only', async () => {
    const victim = await t.member();
    const scammer = await t.member({ nickname: `수상한${Date.now() % 100000}` });
    const id = await start(scammer, { user: victim.id });
    await send(scammer, id, '선입금 해주시면 보내드려요');
    const report = { target: 'conversation', item: id, reason: 'fraud' };
    expect((await t.call('POST', '/api/report', { token: await (await t.member()).token, body: report })).status).toBe(404);
    expect((await t.call('POST', '/api/report', { token: victim.token, body: report })).body).toEqual({
      code: 'ok',
      reported: true,
      hidden: false,
    });
    expect((await t.call('POST', '/api/report', { token: victim.token, body: report })).status).toBe(400);
    // Reporting does not open it to admins anywhere else.
    const root = await t.root();
    expect((await t.call('GET', `/api/conversation/${id}`, { token: root })).status).toBe(404);
    const listed = (await t.call('GET', '/api/admin/report?size=100', { token: root })).body.items.find(
      (e: { target: string; item: number }) => e.target === 'conversation' && e.item === id,
    );
    expect(listed).toMatchObject({ target: 'conversation', item: id, reports: 1, hidden: 0, title: expect.stringContaining('수상한') });
    expect(listed.conversation.messages).toEqual([
      {
        id: expect.any(Number),
        user: scammer.id,
        nickname: expect.stringMatching(/^수상한/),
        content: '선입금 해주시면 보내드려요',
        date: expect.any(String),
      },
    ]);
    expect(listed.conversation.more).toBe(false);
    // A conversation is not deleted from the report screen; dismissing the reports is.
    expect((await t.call('POST', '/api/admin/report/delete', { token: root, body: { target: 'conversation', item: id } })).status).toBe(
      400,
    );
    expect((await t.call('POST', '/api/admin/report/restore', { token: root, body: { target: 'conversation', item: id } })).status).toBe(
      200,
    );
    expect((await read(victim, id)).body.messages).toHaveLength(1);
  });

  test('a long reported conversation shows its newest 50 and says older ones exist', async () => {
    const [a, b] = [await t.member(), await t.member()];
    const id = await start(a, { user: b.id });
    for (let i = 1; i <= 51; i++) await send(i % 2 ? a : b, id, `메시지 ${i}`);
    await t.call('POST', '/api/report', { token: b.token, body: { target: 'conversation', item: id, reason: 'fraud' } });
    const listed = (await t.call('GET', '/api/admin/report?size=100', { token: await t.root() })).body.items.find(
      (e: { target: string; item: number }) => e.target === 'conversation' && e.item === id,
    );
    expect(listed.conversation.messages.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `메시지 ${i + 2}`),
    );
    expect(listed.conversation.more).toBe(true);
  });
});

describe('mail for a message left unread', () => {
  test('unread for 10 minutes: mailed once to the other member, if their settings take kind message', async () => {
    const { mailUnreadMessages } = await import('#server/modules/message/message.service.ts');
    const writer = await t.member({ nickname: `보낸이${Date.now() % 100000}` });
    const reader = await t.member();
    const quiet = await t.member();
    const id = await start(writer, { user: reader.id });
    await send(writer, id, '밥솥 아직 있나요?');
    await send(writer, id, '연락 주세요');
    // Not yet 10 minutes: nothing.
    await mailUnreadMessages(t.deps);
    expect(t.smtp.messagesTo(reader.loginid)).toEqual([]);
    const later = Date.now() + 11 * 60_000;
    expect(await mailUnreadMessages(t.deps, later)).toBeGreaterThanOrEqual(1);
    const mail = await t.smtp.mailTo(reader.loginid, '새 쪽지');
    expect(mail?.text).toContain('쪽지 2개');
    expect(mail?.text).toContain(`/messages/${id}`);
    // The text stays on the site.
    expect(mail?.text).not.toContain('밥솥');
    await mailUnreadMessages(t.deps, later);
    expect(t.smtp.messagesTo(reader.loginid)).toHaveLength(1);
    expect(t.smtp.messagesTo(writer.loginid)).toEqual([]);

    // Read within 10 minutes, or the kind turned off: no mail.
    const readIt = await start(writer, { user: quiet.id });
    await send(writer, readIt, '읽으실 거죠');
    await t.call('PUT', `/api/conversation/${readIt}/read`, { token: quiet.token });
    const off = await t.member();
    await t.call('PUT', '/api/notification/settings', { token: off.token, body: { mail: [] } });
    await send(writer, await start(writer, { user: off.id }), '메일 끄셨죠');
    await mailUnreadMessages(t.deps, Date.now() + 11 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.messagesTo(quiet.loginid)).toEqual([]);
    expect(t.smtp.messagesTo(off.loginid)).toEqual([]);
  });
});

describe('account removal', () => {
  test('the other member keeps the conversation, its messages shown as from 탈퇴한 회원', async () => {
    const stays = await t.member();
    const leaves = await t.member();
    const id = await start(leaves, { user: stays.id });
    await send(leaves, id, '그동안 감사했습니다');
    expect((await t.call('DELETE', '/api/user', { token: leaves.token, body: { id: leaves.id, passwd: leaves.passwd } })).status).toBe(200);
    const list = await mine(stays);
    expect(list.items[0]).toMatchObject({
      id,
      other: { id: leaves.id, nickname: '탈퇴한 회원' },
      last: { content: '그동안 감사했습니다' },
    });
    const view = (await read(stays, id)).body;
    expect(view.item.other).toEqual({ id: leaves.id, nickname: '탈퇴한 회원' });
    expect(view.messages.map((m: { content: string }) => m.content)).toEqual(['그동안 감사했습니다']);
    // Writing to it still works for the one who stays; the mail scan skips the removed member.
    expect((await send(stays, id, '잘 지내세요')).status).toBe(200);
    const { mailUnreadMessages } = await import('#server/modules/message/message.service.ts');
    await mailUnreadMessages(t.deps, Date.now() + 11 * 60_000);
  });
});

describe('privacy', () => {
  test('message text reaches no search, sitemap, feed, request log or metrics label', async () => {
    const { Writable } = await import('node:stream');
    const { createApp } = await import('#server/app.ts');
    const { createLogger } = await import('#server/lib/logger.ts');
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const logged = createApp({ ...t.deps, logger: createLogger('info', sink) });
    const a = await t.member();
    const b = await t.member();
    const id = await start(a, { user: b.id });
    const secret = '비밀단어쿼카';
    const res = await logged.request(`/api/conversation/${id}/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json', 'x-forwarded-for': '10.9.8.7' },
      body: JSON.stringify({ content: `${secret} 010-2222-3333` }),
    });
    expect(res.status).toBe(200);
    await logged.request(`/api/conversation/${id}`, { headers: { authorization: `Bearer ${b.token}`, 'x-forwarded-for': '10.9.8.7' } });
    expect(lines.join('\n')).toContain('/api/conversation/');
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain('2222-3333');

    const found = await t.call('GET', `/api/search?q=${encodeURIComponent(secret)}`);
    expect(found.body.groups.every((g: { total: number }) => g.total === 0)).toBe(true);
    for (const path of ['/sitemap.xml', '/market/rss.xml', '/community/rss.xml']) {
      expect(String((await t.call('GET', path)).body)).not.toContain(secret);
    }
    const metrics = await t.call('GET', '/metrics', { ip: '127.0.0.1' });
    expect(String(metrics.body)).not.toContain(secret);
    expect(String(metrics.body)).not.toMatch(new RegExp(`route="/api/conversation/${id}`));
  });
});
