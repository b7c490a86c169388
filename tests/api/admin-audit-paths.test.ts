import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Security round three: every admin action on someone else's content is audited, whatever path
// it takes (the API's ordinary calls, the pages' forms, a bump), not only /api/admin/moderate.
// An author's own edits are not. The page test needs the built app (`npm run build`).

const PROJECT = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
let admin: string;
let author: Awaited<ReturnType<TestApp['member']>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.root();
  author = await t.member();
});
afterAll(() => t.close());

async function post(title: string, topcategory = 4): Promise<number> {
  const res = await t.call('POST', '/api/board', { token: author.token, body: { topcategory, title, price: 20, content: '<p>본문</p>' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

const auditOf = async (target: string, item: number) =>
  (await t.call('GET', `/api/admin/audit?target=${target}&item=${item}`, { token: admin })).body.items as {
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];

describe("an admin's actions on a member's content are audited on every path", () => {
  test('an edit through PUT names the fields it changed, before and after; the author’s own edit is not audited', async () => {
    const id = await post('원래 제목');
    expect((await t.call('PUT', '/api/board', { token: author.token, body: { id, title: '작성자가 고친 제목' } })).status).toBe(200);
    expect(await auditOf('board', id)).toEqual([]);
    expect((await t.call('PUT', '/api/board', { token: admin, body: { id, title: '관리자가 고친 제목' } })).status).toBe(200);
    expect(await auditOf('board', id)).toMatchObject([
      { action: 'edit', before: { title: '작성자가 고친 제목' }, after: { title: '관리자가 고친 제목' } },
    ]);
  });

  test('a delete through DELETE, and an answer to an inquiry', async () => {
    const id = await post('지워질 글');
    expect((await t.call('DELETE', '/api/board', { token: admin, body: { id } })).status).toBe(200);
    expect(await auditOf('board', id)).toMatchObject([{ action: 'delete', before: { title: '지워질 글' } }]);

    const asked = await t.call('POST', '/api/inquiry', { token: author.token, body: { title: '문의', content: '<p>질문</p>' } });
    expect((await t.call('PUT', '/api/inquiry', { token: admin, body: { id: asked.body.id, answer: '<p>답변</p>' } })).status).toBe(200);
    expect((await auditOf('inquiry', asked.body.id))[0]).toMatchObject({ action: 'edit', after: { answer: '<p>답변</p>', status: 2 } });
  });

  test('a comment edit, and a bump of a listing', async () => {
    const id = await post('댓글과 끌올');
    const comment = await t.call('POST', '/api/comment', { token: author.token, body: { board: id, content: '원래 댓글' } });
    expect((await t.call('PUT', '/api/comment', { token: admin, body: { id: comment.body.id, content: '고친 댓글' } })).status).toBe(200);
    expect(await auditOf('comment', comment.body.id)).toMatchObject([
      { action: 'edit', before: { content: '원래 댓글' }, after: { content: '고친 댓글' } },
    ]);

    // A day has passed since the listing was posted: it may be bumped.
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.deps.db.updateTable('board').set({ bumpdate: dayAgo, date: dayAgo }).where('id', '=', id).execute();
    expect((await t.call('POST', `/api/board/${id}/bump`, { token: admin })).status).toBe(200);
    expect((await auditOf('board', id))[0]).toMatchObject({ action: 'bump', before: { bumpdate: dayAgo } });
  });

  test("a delete through the post's page form", async () => {
    const id = await post('페이지에서 지워질 글');
    const pages = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
    const res = await pages.request(`http://localhost/market/${id}`, {
      method: 'POST',
      headers: { cookie: `${TOKEN_COOKIE}=${admin}`, origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'delete-post', confirmed: '1' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(await auditOf('board', id)).toMatchObject([{ action: 'delete', before: { title: '페이지에서 지워질 글' } }]);
  });
});
