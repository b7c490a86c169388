import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// My page's inquiries: the author edits and deletes a question while it waits (대기중); once an
// admin has answered, it is read-only for the author on every write call, and still the admin's.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const forbidden = { code: 'error', message: 'forbidden' };

async function ask(token: string, title = '배송 문의'): Promise<number> {
  const res = await t.call('POST', '/api/inquiry', { token, body: { title, content: '<p>언제 오나요?</p>' } });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function answer(id: number): Promise<void> {
  const res = await t.call('PUT', '/api/inquiry', { token: await t.root(), body: { id, answer: '<p>내일 도착합니다.</p>' } });
  expect(res.body.item.status).toBe(2);
}

describe('an inquiry is its author’s to change only while unanswered', () => {
  test('a waiting inquiry is edited and deleted by its author', async () => {
    const author = await t.member();
    const id = await ask(author.token);
    const edited = await t.call('PUT', '/api/inquiry', {
      token: author.token,
      body: { id, title: '배송 일정 문의', content: '<p>주문번호 12</p>' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.item).toMatchObject({ title: '배송 일정 문의', content: '<p>주문번호 12</p>', status: 1, answer: '' });
    expect((await t.call('DELETE', '/api/inquiry', { token: author.token, body: { id } })).status).toBe(200);
    expect((await t.call('GET', `/api/inquiry/${id}`, { token: author.token })).status).toBe(404);
  });

  test('another member can neither edit nor delete it', async () => {
    const author = await t.member();
    const other = await t.member();
    const id = await ask(author.token);
    expect((await t.call('PUT', '/api/inquiry', { token: other.token, body: { id, title: '남의 문의' } })).body).toEqual(forbidden);
    expect((await t.call('DELETE', '/api/inquiry', { token: other.token, body: { id } })).body).toEqual(forbidden);
    expect((await t.call('DELETE', '/api/inquiry', { body: { id } })).status).toBe(401);
  });

  test('after the answer the author can neither edit nor delete it, alone or in a batch', async () => {
    const author = await t.member();
    const answered = await ask(author.token, '답변 받은 문의');
    const waiting = await ask(author.token, '기다리는 문의');
    await answer(answered);

    const edit = await t.call('PUT', '/api/inquiry', { token: author.token, body: { id: answered, title: '바꾼 제목' } });
    const answeredRefusal = { ...forbidden, detail: '답변이 등록된 문의는 수정하거나 삭제할 수 없습니다' };
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual(answeredRefusal);
    const remove = await t.call('DELETE', '/api/inquiry', { token: author.token, body: { id: answered } });
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual(answeredRefusal);
    // All or nothing: the waiting one in the same batch stays too.
    const batch = await t.call('DELETE', '/api/inquiry/batch', { token: author.token, body: [waiting, answered] });
    expect(batch.status).toBe(403);

    const mine = (await t.call('GET', '/api/inquiry', { token: author.token })).body.items as { id: number; title: string }[];
    expect(mine.map((i) => i.id).sort()).toEqual([answered, waiting].sort());
    expect(mine.find((i) => i.id === answered)?.title).toBe('답변 받은 문의');
  });

  test('an admin still edits and deletes an answered inquiry', async () => {
    const author = await t.member();
    const id = await ask(author.token);
    await answer(id);
    const root = await t.root();
    expect((await t.call('PUT', '/api/inquiry', { token: root, body: { id, answer: '<p>정정: 모레 도착합니다.</p>' } })).status).toBe(200);
    expect((await t.call('DELETE', '/api/inquiry', { token: root, body: { id } })).status).toBe(200);
  });
});
