import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatFileSize } from '#shared/format.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// An item's detail answer lists the files it carries (its photos and the uploaded images its text
// shows) with the name its download has and the stored size, on SQLite and PostgreSQL.

let t: TestApp;
let member: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp();
  member = await t.member();
});
afterAll(() => t.close());

interface Uploaded {
  id: number;
  path: string;
  filename: string;
  size: number;
}

async function upload(files: { data: Buffer; name: string }[]): Promise<Uploaded[]> {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)]), f.name);
  const res = await t.app.request('/api/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${member.token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Uploaded[] }).items;
}

const picture = (width: number, background: string) => sharp({ create: { width, height: 300, channels: 3, background } });

describe('GET /api/<name>/{id} attachments', () => {
  test('a post lists its photos, then the images its text shows, each once, with name and size; visitors see them too', async () => {
    const [front, back, inline] = await upload([
      { data: await picture(900, '#cc3333').jpeg().toBuffer(), name: '자전거 앞모습.jpg' },
      { data: await picture(400, '#33cc33').png().toBuffer(), name: 'back.jpg' },
      { data: await picture(200, '#3333cc').png().toBuffer(), name: '영수증.png' },
    ]);
    const created = await t.call('POST', '/api/board', {
      token: member.token,
      body: {
        topcategory: 4,
        title: '자전거 팝니다',
        price: 120,
        images: [front?.path, back?.path],
        content: `<p>영수증 있습니다</p><p><img src="${inline?.path}" alt=""></p><p><img src="${front?.path}" alt=""></p>`,
      },
    });
    expect(created.status).toBe(200);

    const answer = await t.call('GET', `/api/board/${created.body.id}`);
    expect(answer.status).toBe(200);
    // The PNG sent as back.jpg downloads as back.png: the list names what the download gives.
    const download = (f?: Uploaded) => `/board/${created.body.id}/files/${f?.path.split('/').pop()}`;
    expect(answer.body.attachments).toEqual([
      { id: front?.id, path: front?.path, filename: '자전거 앞모습.jpg', mime: 'image/jpeg', size: front?.size, download: download(front) },
      { id: back?.id, path: back?.path, filename: 'back.png', mime: 'image/png', size: back?.size, download: download(back) },
      { id: inline?.id, path: inline?.path, filename: '영수증.png', mime: 'image/png', size: inline?.size, download: download(inline) },
    ]);
    for (const file of answer.body.attachments as (Uploaded & { download: string })[]) {
      expect(file.size).toBeGreaterThan(0);
      expect(formatFileSize(file.size)).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
      // The size listed is the size the download sends.
      const download = await t.app.request(`/api${file.download}`, { headers: { authorization: `Bearer ${member.token}` } });
      expect(download.status).toBe(200);
      expect((await download.arrayBuffer()).byteLength).toBe(file.size);
    }
  });

  test('a business listing lists its photos; paths without an upload behind them and items without files list none', async () => {
    const [shop] = await upload([{ data: await picture(600, '#999999').webp().toBuffer(), name: '가게 전경.webp' }]);
    const listing = await t.call('POST', '/api/business', {
      token: member.token,
      body: { title: '한빛 분식', images: [shop?.path, '/api/webdata/2026/11/never-uploaded.webp'] },
    });
    const answer = await t.call('GET', `/api/business/${listing.body.id}`);
    expect(answer.body.attachments).toEqual([
      {
        id: shop?.id,
        path: shop?.path,
        filename: '가게 전경.webp',
        mime: 'image/webp',
        size: shop?.size,
        download: `/business/${listing.body.id}/files/${shop?.path.split('/').pop()}`,
      },
    ]);

    const job = await t.call('POST', '/api/jobs', { token: member.token, body: { title: '주방 보조 구합니다', content: '<p>주 5일</p>' } });
    expect((await t.call('GET', `/api/jobs/${job.body.id}`)).body.attachments).toEqual([]);
  });

  test('an inquiry lists the images its text shows to its author', async () => {
    const [shot] = await upload([{ data: await picture(300, '#ffcc00').png().toBuffer(), name: '오류 화면.png' }]);
    const inquiry = await t.call('POST', '/api/inquiry', {
      token: member.token,
      body: { title: '결제 오류', content: `<p>이 화면이 나옵니다</p><p><img src="${shot?.path}" alt=""></p>` },
    });
    expect(inquiry.status).toBe(200);
    const answer = await t.call('GET', `/api/inquiry/${inquiry.body.id}`, { token: member.token });
    expect(answer.body.attachments).toEqual([
      {
        id: shot?.id,
        path: shot?.path,
        filename: '오류 화면.png',
        mime: 'image/png',
        size: shot?.size,
        download: `/inquiry/${inquiry.body.id}/files/${shot?.path.split('/').pop()}`,
      },
    ]);
  });
});
