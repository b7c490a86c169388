import { beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '#tests/support/test-app.ts';
import { testAppsOfFile } from '#tests/support/test-app.ts';
import { croppedAndRecoloured, photo, resized } from '#tests/support/photos.ts';

// PRODUCT.md "Scam defence": listings' titles and texts are checked for what scams use
// (POST /api/warnings before publishing; the same `warnings` in the create and update answers),
// an account's first APPROVE_FIRST listings (1 here) and every money-mule offer wait on the
// review queue, invisible to everyone but their author and admins, until an admin approves or
// rejects them (audited, the author told either way).

const apps = testAppsOfFile();
let t: TestApp;
/** The member who asks POST /api/warnings: asking saves nothing. */
let asker: Awaited<ReturnType<TestApp['member']>>;
beforeAll(async () => {
  t = await apps.app({ APPROVE_FIRST: '1' });
  asker = await t.member();
});

type Member = Awaited<ReturnType<TestApp['member']>>;

const MARKET = 4;
const check = (m: Member | undefined, body: Record<string, unknown>) => t.call('POST', '/api/warnings', { token: m?.token, body });
const market = (m: Member, title: string, content: string) =>
  t.call('POST', '/api/board', { token: m.token, body: { topcategory: MARKET, title, content: `<p>${content}</p>`, price: 300 } });
const job = (m: Member, title: string, content: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/jobs', { token: m.token, body: { title, content: `<p>${content}</p>`, ...extra } });

/** A member whose first listing is already behind them, so the next ones are not held as first. */
async function seasoned(): Promise<Member> {
  const m = await t.member();
  expect((await market(m, '첫 판매글', '책상 팝니다')).body.held).toBe(true);
  return m;
}

async function found(content: string, title = '판매합니다', target = 'market') {
  const res = await check(asker, { target, title, content });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.warnings as { key: string; phrase: string }[];
}

describe('warnings at write time (POST /api/warnings)', () => {
  test('each pattern warns with the words that earned it, in Korean and English', async () => {
    expect(await found('선입금 해주시면 택배로 보내드립니다')).toEqual([{ key: 'prepay', phrase: '선입금' }]);
    expect(await found('계약금 먼저 보내주시면 방 잡아드려요')).toEqual([{ key: 'prepay', phrase: '계약금 먼저' }]);
    expect(await found('집을 보지 않고 계약하셔도 됩니다')).toEqual([{ key: 'prepay', phrase: '보지 않고' }]);
    expect(await found('Payment by Zelle only, shipped after')).toEqual([{ key: 'prepay', phrase: 'Zelle' }]);
    expect(await found('Please send a wire before pickup')).toEqual([{ key: 'prepay', phrase: 'wire' }]);
    expect(await found('I will mail a cheque, overpayment refunded')).toEqual([{ key: 'prepay', phrase: 'overpayment' }]);
    expect(await found('Gift card accepted')).toEqual([{ key: 'prepay', phrase: 'Gift card' }]);
    expect(await found('좋은 환율로 환전 해드립니다')).toEqual([{ key: 'exchange', phrase: '환전' }]);
    expect(await found('문의는 010-1234-5678 로 주세요')).toEqual([{ key: 'contact', phrase: '010-1234-5678' }]);
    expect(await found('카톡 아이디 abc123 으로 연락')).toEqual([{ key: 'contact', phrase: '카톡' }]);
    expect(await found('통장 대여 해주실 분 일당 지급', '고수익 알바', 'jobs')).toEqual([{ key: 'mule', phrase: '통장 대여' }]);
    expect(await found('하루 30만원 가능. 본인 계좌만 있으면 됩니다', '고수익 재택 알바', 'jobs')).toEqual([
      { key: 'prepay', phrase: '계좌' },
      { key: 'mule', phrase: '고수익 재택 알바\n하루 30만원 가능. 본인 계좌' },
    ]);
    expect(await found('Earn fast by lending your bank account to us', 'Easy job', 'jobs')).toEqual([
      { key: 'mule', phrase: 'lending your bank account' },
    ]);
  });

  test('ordinary listings give no warning: prices, years, sizes, wireless, long numbers, 계약 after a viewing', async () => {
    for (const text of [
      '아이 책상 $300에 팝니다. 직접 와서 보고 가져가세요',
      '2019년식 소나타, 45,000 마일, 가격 $12,500',
      'Wireless mouse and keyboard, like new, $25',
      '방 2개 화장실 1.5개, 집 보신 뒤에 계약합니다',
      '주방 보조 구합니다. 시급 $18, 주 5일 근무',
      'IKEA sofa 3 seats 84x35 inches, pickup in Irvine 92618',
      '주말 파트타임 구합니다 1796622169916',
      '주문번호 20261207123456 영수증 있어요',
    ]) {
      expect(await found(text), text).toEqual([]);
    }
  });

  test('only listing sections are checked; visitors are refused', async () => {
    expect((await check(undefined, { target: 'market', title: 'a', content: 'b' })).status).toBe(401);
    const bad = await check(asker, { target: 'community', title: '선입금', content: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'invalid', field: 'target' });
  });

  test('create and update answers of listings carry the same warnings; the contact fields are not read', async () => {
    const m = await seasoned();
    const created = await market(m, '아이폰 팝니다', 'Venmo로 선입금 부탁드려요');
    expect(created.body).toEqual({
      code: 'ok',
      id: expect.any(Number),
      warnings: [{ key: 'prepay', phrase: 'Venmo' }],
    });
    const edited = await t.call('PUT', '/api/board', {
      token: m.token,
      body: { id: created.body.id, content: '<p>직접 거래만 합니다</p>' },
    });
    expect(edited.body.warnings).toEqual([]);
    const withContact = await job(m, '홀 서버 구합니다', '경력 무관', { tel: '213-555-1234', email: 'hire@example.com' });
    expect(withContact.body).toMatchObject({ warnings: [] });
    // Not a listing: the answer is as before.
    const post = await t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: 5, title: '선입금 질문', content: '<p>선입금</p>' },
    });
    expect(post.body).toEqual({ code: 'ok', id: expect.any(Number) });
  });
});

describe('warned listings on /admin/report (GET /api/admin/report/warned)', () => {
  const warned = async (token: string) => {
    const res = await t.call('GET', '/api/admin/report/warned?size=100', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items as { target: string; item: number }[];
  };
  const entryOf = async (token: string, target: string, item: number) =>
    (await warned(token)).find((i) => i.target === target && i.item === item);

  test('a listing published with a caution is listed with its phrases until an edit drops them; admins only', async () => {
    const admin = await t.member({ level: 3 });
    const author = await seasoned();
    const id = (await market(author, '아이폰 급처분', 'Zelle 선입금 후 발송합니다')).body.id;
    const plain = (await market(author, '책장 팝니다', '직접 와서 보고 가져가세요')).body.id;
    expect(await entryOf(admin.token, 'board', id)).toEqual({
      target: 'board',
      item: id,
      title: '아이폰 급처분',
      link: `/market/${id}`,
      user: { id: author.id, nickname: expect.stringMatching(/^닉네임/) },
      date: expect.stringMatching(/^\d{4}-/),
      warnings: [{ key: 'prepay', phrase: 'Zelle' }],
    });
    expect(await entryOf(admin.token, 'board', plain)).toBeUndefined();
    // An edit keeps what it earns now; one that earns nothing takes the listing off.
    await t.call('PUT', '/api/board', { token: author.token, body: { id, content: '<p>환전도 가능</p>' } });
    expect(await entryOf(admin.token, 'board', id)).toMatchObject({ warnings: [{ key: 'exchange', phrase: '환전' }] });
    await t.call('PUT', '/api/board', { token: author.token, body: { id, content: '<p>직접 거래만 합니다</p>' } });
    expect(await entryOf(admin.token, 'board', id)).toBeUndefined();

    expect((await t.call('GET', '/api/admin/report/warned', { token: author.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/report/warned')).status).toBe(401);
    expect((await t.call('GET', '/api/admin/report/warned?page=0', { token: admin.token })).status).toBe(400);
  });

  test('a reported listing that was published with a caution shows the phrases beside its reports', async () => {
    const admin = await t.member({ level: 3 });
    const author = await seasoned();
    const id = (await market(author, '급매 노트북', 'Venmo 선입금 부탁드립니다')).body.id;
    const plain = (await market(author, '의자 팝니다', '직접 거래만 합니다')).body.id;
    const reporter = await t.member();
    for (const item of [id, plain]) {
      const sent = await t.call('POST', '/api/report', { token: reporter.token, body: { target: 'board', item, reason: 'fraud' } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const listed = (await t.call('GET', '/api/admin/report?size=100', { token: admin.token })).body.items as {
      target: string;
      item: number;
      warnings: unknown[];
    }[];
    expect(listed.find((e) => e.item === id)?.warnings).toEqual([{ key: 'prepay', phrase: 'Venmo' }]);
    expect(listed.find((e) => e.item === plain)?.warnings).toEqual([]);
  });

  test('a held listing is listed too; a deleted one leaves the list', async () => {
    const root = await t.root();
    const author = await seasoned();
    const id = (await job(author, '재택 고수익', '통장 대여만 하면 됩니다. 카톡 주세요')).body.id;
    expect(await entryOf(root, 'jobs', id)).toMatchObject({
      link: `/jobs/${id}`,
      warnings: [
        { key: 'contact', phrase: '카톡' },
        { key: 'mule', phrase: '통장 대여' },
      ],
    });
    expect((await t.call('DELETE', '/api/jobs', { token: author.token, body: { id } })).status).toBe(200);
    expect(await entryOf(root, 'jobs', id)).toBeUndefined();
  });
});

describe('the review queue', () => {
  test('APPROVE_FIRST: an account’s first listing waits (across market and jobs); others see 404, its author 검토 중', async () => {
    const author = await t.member();
    const first = await job(author, '카페 직원 구함', '주말 근무 가능하신 분');
    expect(first.body).toMatchObject({ held: true, warnings: [] });
    const id = first.body.id;
    expect((await t.call('GET', `/api/jobs/${id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/jobs/${id}`, { token: (await t.member()).token })).status).toBe(404);
    const own = await t.call('GET', `/api/jobs/${id}`, { token: author.token });
    expect(own.body.item).toMatchObject({ id, hidden: 2 });
    expect((await t.call('GET', `/api/jobs/${id}`, { token: await t.root() })).status).toBe(200);
    const listed = (await t.call('GET', '/api/jobs?size=100')).body.items.map((i: { id: number }) => i.id);
    expect(listed).not.toContain(id);

    // The second listing, in another section, is counted with the first: it goes through.
    const second = await market(author, '자전거 팝니다', '직접 보고 사가세요');
    expect(second.body.held).toBeUndefined();
    expect((await t.call('GET', `/api/board/${second.body.id}`)).status).toBe(200);
  });

  test('a money-mule offer always waits, also when an edit turns a listing into one', async () => {
    const author = await seasoned();
    const mule = await job(author, '고수익 알바', '통장 빌려주시면 건당 50만원');
    expect(mule.body).toMatchObject({ held: true, warnings: expect.arrayContaining([expect.objectContaining({ key: 'mule' })]) });
    expect((await t.call('GET', `/api/jobs/${mule.body.id}`)).status).toBe(404);

    const plain = await job(author, '사무 보조', '엑셀 가능하신 분');
    expect((await t.call('GET', `/api/jobs/${plain.body.id}`)).status).toBe(200);
    const turned = await t.call('PUT', '/api/jobs', {
      token: author.token,
      body: { id: plain.body.id, content: '<p>통장 대여 가능하신 분</p>' },
    });
    expect(turned.body).toMatchObject({ held: true });
    expect((await t.call('GET', `/api/jobs/${plain.body.id}`)).status).toBe(404);
  });

  test('GET /api/admin/queue lists what waits with why and the phrases found; admins only', async () => {
    const admin = await t.member({ level: 3 });
    const author = await seasoned();
    const mule = await job(author, '재택 고수익', '통장 대여만 하면 됩니다');
    expect((await t.call('GET', '/api/admin/queue', { token: author.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/queue')).status).toBe(401);
    const list = await t.call('GET', '/api/admin/queue?size=100', { token: admin.token });
    expect(list.status).toBe(200);
    const entry = list.body.items.find((i: { target: string; item: number }) => i.target === 'jobs' && i.item === mule.body.id);
    expect(entry).toMatchObject({
      reason: 'mule',
      label: '통장·계좌 대여 의심',
      title: '재택 고수익',
      link: `/jobs/${mule.body.id}`,
      user: { id: author.id },
      warnings: expect.arrayContaining([{ key: 'mule', phrase: '통장 대여' }]),
    });
    expect(entry.duplicate).toBeUndefined();
  });

  test('approve shows the item to everyone; reject keeps it hidden, not deleted; audited, the author told either way', async () => {
    const admin = await t.member({ level: 3 });
    const author = await t.member();
    const a = (await market(author, '승인될 책장', '책장 팝니다')).body.id;
    const b = (await job(author, '통장 대여 구함', '고수익 보장')).body.id;
    const decide = (body: Record<string, unknown>, token = admin.token) => t.call('PUT', '/api/admin/queue', { token, body });

    expect((await decide({ target: 'board', item: a, action: 'approve' }, author.token)).status).toBe(403);
    expect((await decide({ target: 'board', item: a, action: 'maybe' })).body.field).toBe('action');
    expect((await decide({ target: 'nothing', item: a, action: 'approve' })).body.field).toBe('target');

    expect((await decide({ target: 'board', item: a, action: 'approve' })).body).toEqual({ code: 'ok', action: 'approve' });
    expect((await t.call('GET', `/api/board/${a}`)).status).toBe(200);
    expect((await decide({ target: 'board', item: a, action: 'approve' })).status).toBe(404);

    expect((await decide({ target: 'jobs', item: b, action: 'reject' })).status).toBe(200);
    expect((await t.call('GET', `/api/jobs/${b}`)).status).toBe(404);
    expect((await t.call('GET', `/api/jobs/${b}`, { token: await t.root() })).body.item).toMatchObject({ id: b, hidden: 1 });

    const told = (await t.call('GET', '/api/notification', { token: author.token })).body.items;
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'approved', title: '승인될 책장', link: `/market/${a}` }),
        expect.objectContaining({ kind: 'rejected', title: '통장 대여 구함' }),
      ]),
    );
    const audit = await t.call('GET', `/api/admin/audit?target=jobs&item=${b}`, { token: admin.token });
    expect(audit.body.items[0]).toMatchObject({ action: 'queue-reject', before: { reason: 'mule', title: '통장 대여 구함' } });
    const queue = (await t.call('GET', '/api/admin/queue?size=100', { token: admin.token })).body.items;
    expect(queue.map((i: { item: number }) => i.item)).not.toContain(a);
  });

  test('a waiting listing its author deletes leaves the queue', async () => {
    const author = await t.member();
    const id = (await market(author, '지울 글', '내용')).body.id;
    expect((await t.call('DELETE', '/api/board', { token: author.token, body: { id } })).status).toBe(200);
    const queue = (await t.call('GET', '/api/admin/queue?size=100', { token: await t.root() })).body.items;
    expect(queue.map((i: { item: number }) => i.item)).not.toContain(id);
  });
});

describe('copied photos', () => {
  /** The stored path of a photo a member uploads. */
  async function uploaded(m: Member, data: Buffer): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), '사진.jpg');
    const res = await t.app.request('/api/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${m.token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: { path: string }[] }).items[0]!.path;
  }
  const withPhoto = (m: Member, title: string, path: string) =>
    t.call('POST', '/api/board', {
      token: m.token,
      body: { topcategory: MARKET, title, content: '<p>직접 보고 사가세요</p>', price: 500, images: [path] },
    });

  test('a resized, re-encoded, cropped or recoloured copy of another member’s listing photo waits, shown beside the other; a different photo does not', async () => {
    const original = await photo(37);
    const owner = await seasoned();
    const first = await withPhoto(owner, '귀국정리 소파', await uploaded(owner, original));
    expect(first.body.held).toBeUndefined();
    // The owner's own photo again is no copy.
    expect((await withPhoto(owner, '귀국정리 소파 다시', await uploaded(owner, original))).body.held).toBeUndefined();

    const copier = await seasoned();
    for (const copy of [await resized(original), await croppedAndRecoloured(original)]) {
      const copied = await withPhoto(copier, '소파 팝니다', await uploaded(copier, copy));
      expect(copied.body).toMatchObject({ held: true });
      expect((await t.call('GET', `/api/board/${copied.body.id}`)).status).toBe(404);
      const queue = (await t.call('GET', '/api/admin/queue?size=100', { token: await t.root() })).body.items;
      expect(queue.find((i: { item: number }) => i.item === copied.body.id)).toMatchObject({
        reason: 'photo',
        label: '다른 회원의 게시물과 같은 사진',
        duplicate: { target: 'board', item: first.body.id, title: '귀국정리 소파', link: `/market/${first.body.id}` },
      });
    }

    const other = await withPhoto(copier, '다른 소파', await uploaded(copier, await photo(38)));
    expect(other.body.held).toBeUndefined();
    expect((await t.call('GET', `/api/board/${other.body.id}`)).status).toBe(200);
  });

  test('an edit that adds another member’s photo waits; a deleted listing’s photo is matched no more', async () => {
    const original = await photo(41);
    const owner = await seasoned();
    const source = (await withPhoto(owner, '전기밥솥', await uploaded(owner, original))).body.id;
    const copier = await seasoned();
    const plain = (await market(copier, '밥솥 팝니다', '거의 새것')).body.id;
    const edited = await t.call('PUT', '/api/board', {
      token: copier.token,
      body: { id: plain, images: [await uploaded(copier, await resized(original))] },
    });
    expect(edited.body).toMatchObject({ held: true });

    expect((await t.call('DELETE', '/api/board', { token: owner.token, body: { id: source } })).status).toBe(200);
    expect((await t.call('DELETE', '/api/board', { token: copier.token, body: { id: plain } })).status).toBe(200);
    const later = await withPhoto(await seasoned(), '밥솥', await uploaded(copier, await resized(original)));
    expect(later.body.held).toBeUndefined();
  });
});

describe('phrases admins add (/api/admin/scam-phrases)', () => {
  test('an added phrase warns from the next check and write, in any letter case; removed, it does not; audited; admins only', async () => {
    const admin = await t.member({ level: 3 });
    const phrases = (body?: Record<string, unknown>, token = admin.token) =>
      t.call(body ? 'POST' : 'GET', '/api/admin/scam-phrases', { token, body });
    expect((await phrases({ key: 'prepay', phrase: 'PayPal 친구결제' }, asker.token)).status).toBe(403);
    expect((await phrases(undefined, asker.token)).status).toBe(403);
    expect((await phrases({ key: 'nothing', phrase: '무엇' })).body.field).toBe('key');
    expect((await phrases({ key: 'prepay', phrase: ' ' })).body.field).toBe('phrase');

    expect(await found('paypal 친구결제로 보내주세요')).toEqual([]);
    const added = await phrases({ key: 'prepay', phrase: '  PayPal   친구결제 ' });
    expect(added.status).toBe(200);
    expect((await phrases({ key: 'prepay', phrase: 'PayPal 친구결제' })).body).toMatchObject({
      code: 'error',
      field: 'phrase',
      detail: '이미 있는 문구입니다',
    });
    expect(await found('paypal 친구결제로 보내주세요')).toEqual([{ key: 'prepay', phrase: 'PayPal 친구결제' }]);
    expect((await market(await seasoned(), '노트북', 'PayPal 친구결제만 받아요')).body.warnings).toEqual([
      { key: 'prepay', phrase: 'PayPal 친구결제' },
    ]);
    // A built-in pattern of the same caution is named first.
    expect(await found('선입금 또는 paypal 친구결제')).toEqual([{ key: 'prepay', phrase: '선입금' }]);
    expect((await phrases()).body.items).toEqual(
      expect.arrayContaining([{ id: added.body.id, key: 'prepay', phrase: 'PayPal 친구결제', date: expect.any(String) }]),
    );

    expect((await t.call('DELETE', `/api/admin/scam-phrases/${added.body.id}`, { token: asker.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/admin/scam-phrases/${added.body.id}`, { token: admin.token })).status).toBe(200);
    expect((await t.call('DELETE', `/api/admin/scam-phrases/${added.body.id}`, { token: admin.token })).status).toBe(404);
    expect(await found('paypal 친구결제로 보내주세요')).toEqual([]);

    const audit = await t.call('GET', `/api/admin/audit?target=scam_phrase&item=${added.body.id}`, { token: admin.token });
    expect(audit.body.items.map((i: { action: string }) => i.action)).toEqual(['scam-phrase-remove', 'scam-phrase-add']);
  });
});
