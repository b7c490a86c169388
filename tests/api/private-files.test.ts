import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Security round three: a download is one of the files of an item the caller may read now, by the
// file's unguessable name. Another member's private inquiry, a held, hidden or deleted post keep
// their files as their pages keep their text; counting ids through finds nothing.

let t: TestApp;
let owner: { id: number; token: string };
let other: { id: number; token: string };
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await Promise.all([t.member(), t.member()]);
  admin = await t.root();
});
afterAll(() => t.close());

interface Uploaded {
  id: number;
  path: string;
}

async function upload(name: string): Promise<Uploaded> {
  const form = new FormData();
  const data = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#446688' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await t.app.request('/api/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Uploaded[] }).items[0] as Uploaded;
}

const fileName = (u: Uploaded) => u.path.split('/').pop();
const status = async (url: string, token?: string) => (await t.call('GET', url, { token })).status;

async function marketPost(title: string): Promise<{ id: number; url: string; photo: Uploaded }> {
  const photo = await upload(`${title}.jpg`);
  const created = await t.call('POST', '/api/board', {
    token: owner.token,
    body: { topcategory: 4, title, price: 30, content: '<p>사진 참고</p>', images: [photo.path] },
  });
  expect(created.status).toBe(200);
  return { id: created.body.id, url: `/api/board/${created.body.id}/files/${fileName(photo)}`, photo };
}

describe('who downloads a file', () => {
  test("another member gets nothing of a private inquiry's attachment; its author and an admin do", async () => {
    const passport = await upload('여권 사본.jpg');
    const inquiry = await t.call('POST', '/api/inquiry', {
      token: owner.token,
      body: { title: '본인 확인 서류', content: `<p>여권 사본입니다</p><p><img src="${passport.path}" alt=""></p>` },
    });
    const url = `/api/inquiry/${inquiry.body.id}/files/${fileName(passport)}`;
    expect(await status(url, owner.token)).toBe(200);
    expect(await status(url, admin)).toBe(200);
    expect(await status(url, other.token)).toBe(403);
    // The file through an item the other member may read, that does not carry it: nothing.
    const { id } = await marketPost('다른 글');
    expect(await status(`/api/board/${id}/files/${fileName(passport)}`, other.token)).toBe(404);
  });

  test('no download is addressed by a counted id', async () => {
    const { photo } = await marketPost('번호로 찾기');
    for (const id of [1, 2, 3, photo.id]) expect(await status(`/api/upload/${id}/download`, other.token)).toBe(404);
  });

  test('a post held by reports keeps its photos from other members; its author and admins still get them', async () => {
    const post = await marketPost('신고될 글');
    expect(await status(post.url, other.token)).toBe(200);
    const reporters = await Promise.all([t.member(), t.member(), t.member()]);
    for (const r of reporters) {
      const res = await t.call('POST', '/api/report', { token: r.token, body: { target: 'board', item: post.id, reason: 'fraud' } });
      expect(res.status).toBe(200);
    }
    expect(await status(post.url, other.token)).toBe(404);
    expect(await status(post.url, owner.token)).toBe(200);
    expect(await status(post.url, admin)).toBe(200);
  });

  test("a hidden post's photos are the admins' alone, a deleted post's nobody's", async () => {
    const hidden = await marketPost('숨긴 글');
    const moderated = await t.call('POST', '/api/admin/moderate', {
      token: admin,
      body: { target: 'board', ids: [hidden.id], action: 'hide' },
    });
    expect(moderated.status).toBe(200);
    expect(await status(hidden.url, other.token)).toBe(404);
    expect(await status(hidden.url, admin)).toBe(200);

    const deleted = await marketPost('지운 글');
    expect((await t.call('DELETE', '/api/board', { token: owner.token, body: { id: deleted.id } })).status).toBe(200);
    for (const token of [owner.token, other.token, admin]) expect(await status(deleted.url, token)).toBe(404);
  });
});
