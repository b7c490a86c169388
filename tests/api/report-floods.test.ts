import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailboxOf } from '#server/lib/mailbox.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Security round three: three throwaway accounts took down any post, again and again. One mailbox
// is one person (plus-addressing folded at sign-up and among reporters); staff's and admins'
// items are never held by reports; an item an admin restored is not held again by reports, whose
// new ones wait on the admin's list. REPORT_HIDE_AT is the default, 3.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.root();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

async function post(m: Member | { token: string }, title: string, topcategory = 5): Promise<number> {
  const res = await t.call('POST', '/api/board', { token: m.token, body: { topcategory, title, content: `<p>${title}</p>` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const report = (m: { token: string }, item: number) =>
  t.call('POST', '/api/report', { token: m.token, body: { target: 'board', item, reason: 'spam' } });
const hiddenOf = async (item: number) => (await t.call('GET', `/api/board/${item}`, { token: admin })).body.item.hidden;
const reportsListed = async (item: number) =>
  ((await t.call('GET', '/api/admin/report?size=100', { token: admin })).body.items as { item: number; reports: number }[]).find(
    (e) => e.item === item,
  )?.reports;

describe('one mailbox, one person', () => {
  test('folding: a +tag and Gmail dots name the same mailbox; other domains keep their dots', () => {
    expect(mailboxOf('Kim.Minsu+market@Gmail.com')).toBe('kimminsu@gmail.com');
    expect(mailboxOf('kim.minsu@googlemail.com')).toBe('kimminsu@gmail.com');
    expect(mailboxOf('kim.minsu+1@naver.com')).toBe('kim.minsu@naver.com');
    expect(mailboxOf('hong@daum.net')).toBe('hong@daum.net');
  });

  test('sign-up refuses an address whose mailbox already has an account, as it refuses the same address', async () => {
    expect((await t.signUp({ loginid: 'flood.owner@gmail.com' })).status).toBe(200);
    for (const loginid of ['flood.owner+2@gmail.com', 'floodowner@gmail.com', 'FLOOD.OWNER+x@googlemail.com']) {
      expect(await t.signUp({ loginid }), loginid).toMatchObject({ status: 400, body: { message: 'already', field: 'loginid' } });
    }
    expect((await t.signUp({ loginid: 'flood.owner@naver.com' })).status).toBe(200);
  });

  test("accounts of one mailbox made before the rule count as one reporter; their reports wait on the admin's list", async () => {
    const author = await t.member();
    const item = await post(author, '한 사람이 세 번 신고한 글');
    const accounts = await Promise.all([t.member(), t.member(), t.member()]);
    for (const [i, a] of accounts.entries()) {
      const loginid = `thrower+${i}@mail.example`;
      await t.deps.db
        .updateTable('users')
        .set({ loginid, email: loginid, mailbox: mailboxOf(loginid) })
        .where('id', '=', a.id)
        .execute();
      expect((await report(a, item)).body).toMatchObject({ code: 'ok', hidden: false });
    }
    expect(await hiddenOf(item)).toBe(0);
    expect(await reportsListed(item)).toBe(3);
    // Two more people: three mailboxes in all.
    await report(await t.member(), item);
    expect((await report(await t.member(), item)).body.hidden).toBe(true);
    expect(await hiddenOf(item)).toBe(2);
  });
});

describe('what reports never hold by themselves', () => {
  test("a staff member's or an admin's post stays up; the reports go to the admin", async () => {
    const staff = await t.member({ level: 2 });
    const news = await post(staff, '편집부 뉴스', 1);
    const adminsPost = await post({ token: admin }, '운영자 공지');
    for (const item of [news, adminsPost]) {
      for (let i = 0; i < 4; i++) expect((await report(await t.member(), item)).body.hidden).toBe(false);
      expect(await hiddenOf(item)).toBe(0);
      expect(await reportsListed(item)).toBe(4);
    }
  });

  test('an item an admin restored is not held again by new reports, which show on the list', async () => {
    const author = await t.member();
    const item = await post(author, '복구된 뒤 다시 신고된 글');
    for (let i = 0; i < 3; i++) await report(await t.member(), item);
    expect(await hiddenOf(item)).toBe(2);
    expect((await t.call('POST', '/api/admin/report/restore', { token: admin, body: { target: 'board', item } })).status).toBe(200);
    expect(await hiddenOf(item)).toBe(0);
    for (let i = 0; i < 3; i++) expect((await report(await t.member(), item)).body.hidden).toBe(false);
    expect(await hiddenOf(item)).toBe(0);
    expect(await reportsListed(item)).toBe(3);
    // The admin still decides: a moderator's hide works as before.
    const hidden = await t.call('POST', '/api/admin/moderate', { token: admin, body: { target: 'board', ids: [item], action: 'hide' } });
    expect(hidden.status).toBe(200);
    expect(await hiddenOf(item)).toBe(1);
  });
});
