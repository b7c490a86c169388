import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failureMessage, type FailureSituation, koreanDetail } from '#shared/messages.ts';
import { createApp } from '#server/app.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { productionBuild } from '#server/pages/pages.ts';
import { SECURITY_DATA } from '#tests/support/security-data.ts';
import { runningScriptTags } from '#tests/support/page-scripts.ts';
import { type Answer, startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Every string of the big list of naughty strings through every text field a client writes, on
// both databases: each one is refused with a 4xx that carries a Korean reason, or stored and read
// back as the API contract says (plain text NFC and trimmed; rich text as the sanitizer leaves
// it, never with a script), and the pages that show it render. Never a 5xx.

const STRINGS: string[] = JSON.parse(fs.readFileSync(path.join(SECURITY_DATA, 'unicode/blns.json'), 'utf8'));
const PROJECT = path.resolve(import.meta.dirname, '../..');
/** Pages render from the production build; the API projects run without one unless `npm test` built it. */
const BUILT = fs.existsSync(path.join(PROJECT, 'build/server/index.js'));
/** A person's browser: crawlers get bare error answers instead of pages. */
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const enc = encodeURIComponent;

/** How a plain-text field stores what it was given (shared/schemas/fields.ts `text`). */
const plain = (s: string) => s.normalize('NFC').trim();

let t: TestApp;
let member: Awaited<ReturnType<TestApp['member']>>;
let root: string;
beforeAll(async () => {
  t = await startTestApp();
  member = await t.member();
  root = await t.root();
});
afterAll(() => t.close());

/** Runs `fn` over `items`, a few at a time: enough to overlap the database's round trips. */
async function each<T>(items: readonly T[], fn: (item: T, index: number) => Promise<void>, width = 8): Promise<void> {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map((item, k) => fn(item, start + k)));
  }
}

const label = (s: string, where: string, a: Answer) => `${where} ${JSON.stringify(s)} -> ${a.status} ${JSON.stringify(a.body)}`;

/** A refusal a person can read: a 4xx error envelope whose text in the situation is Korean and,
 * for a refused field, is the field's own reason rather than the catch-all. */
function expectKoreanRefusal(a: Answer, why: string, situation: FailureSituation = 'signup') {
  expect(a.status, why).toBeGreaterThanOrEqual(400);
  expect(a.status, why).toBeLessThan(500);
  expect(a.body.code, why).toBe('error');
  if (a.body.message === 'invalid') expect(koreanDetail(a.body), why).toBeDefined();
  expect(failureMessage(situation, a.body), why).toMatch(/[가-힣]/);
}

/** Stored rich text: what the sanitizer makes of the input, with nothing a browser would run. */
function expectSafeHtml(stored: string, sent: string, why: string) {
  expect(stored, why).toBe(sanitizeRichText(sent));
  expect(stored, why).not.toMatch(/<(script|iframe|object|embed|svg|math|style|form|base|meta|link)\b/i);
  expect(stored, why).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(stored, why).not.toMatch(/<[^>]*\s(href|src)\s*=\s*"(?!https?:|mailto:|\/api\/webdata\/)/i);
}

/** A rendered page: a 200 whose every script carries the response's nonce, and no tag outside a
 * script with an event handler (React escapes text and attribute values, so a stored string
 * cannot add one). */
function expectSafePage(res: Response, html: string, why: string, refusable: boolean) {
  // A list's keyword past its length is refused like the API's; the error page is checked the same.
  expect(res.status, why).toBe(refusable && res.status === 400 ? 400 : 200);
  const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce, why).toBeDefined();
  for (const tag of runningScriptTags(html)) expect(tag, why).toContain(`nonce="${nonce}"`);
  // Script bodies hold the page's data as JSON, where a stored `<img onerror=...>` is only text;
  // a string that closed its script early would leave its tag outside one, and be found here.
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  // Quoted attribute values are text too (React escapes their quotes): only names count.
  const names = markup.replace(/"[^"]*"/g, '""');
  expect(names, why).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
}

/** A content resource's text fields: free text (title, names, places), rich text, and text in a
 * format with how it is stored (src/shared/schemas/content.ts). */
interface Resource {
  name: 'board' | 'jobs' | 'business' | 'inquiry' | 'mainschedule';
  /** Inquiry answers and the schedule are admins' to write. */
  byAdmin?: boolean;
  base: Record<string, unknown>;
  plain: string[];
  rich: string[];
  format: Record<string, (s: string) => string>;
}
const asIs = (s: string) => s;
const RESOURCES: Resource[] = [
  {
    name: 'board',
    base: { topcategory: 5 },
    plain: ['title', 'etitle', 'category', 'subcategory', 'location'],
    rich: ['content', 'econtent'],
    format: { image: asIs, images: asIs },
  },
  {
    name: 'jobs',
    base: {},
    plain: ['title', 'companyname', 'manager', 'category', 'location', 'employmenttype'],
    rich: ['content'],
    format: { tel: plain, url: asIs, email: (s) => plain(s).toLowerCase(), limitdate: asIs },
  },
  {
    name: 'business',
    base: {},
    plain: ['title', 'category', 'subcategory', 'address', 'location'],
    rich: ['content'],
    format: Object.fromEntries([
      ['tel', plain],
      ['url', asIs],
      ['image', asIs],
      ['closeddays', asIs],
      ...['starttime', 'endtime', 'weekendstarttime', 'weekendendtime', 'breakstarttime', 'breakendtime'].map((f) => [f, asIs]),
    ]),
  },
  { name: 'inquiry', byAdmin: true, base: {}, plain: ['title'], rich: ['content', 'answer'], format: {} },
  {
    name: 'mainschedule',
    byAdmin: true,
    base: {},
    plain: ['title', 'location', 'category'],
    rich: ['content'],
    format: { startdate: asIs, enddate: asIs, starttime: asIs, endtime: asIs, url: asIs },
  },
];
/** Items per batch call: small, because a refusal sends its batch again (the API takes up to 500). */
const BATCH = 20;
/** The ids stored per resource, in the list's order, for the page checks. */
const stored: Partial<Record<Resource['name'], number[]>> = {};

describe('the naughty-strings list through every text field, never a 5xx', () => {
  test('the list is there', () => {
    expect(STRINGS.length).toBeGreaterThan(500);
  });

  test('sign-up checks name and nickname: a Korean refusal naming the field, or accepted up to the password check', async () => {
    await each(STRINGS, async (s, i) => {
      for (const field of ['name', 'nickname'] as const) {
        const body = { name: '홍길동', nickname: `길동${i}`, loginid: `signup${i}@test.example`, passwd: 'password', [field]: s };
        const a = await t.call('POST', '/api/user', { body });
        const why = label(s, `sign-up ${field}`, a);
        expectKoreanRefusal(a, why);
        // A value the schema takes goes on to the password rules, which refuse this common one.
        if (a.body.field !== field) expect(a.body, why).toMatchObject({ message: 'weak password' });
      }
    });
    const users = await t.call('GET', '/api/user/count', { token: root });
    expect(users.body.total).toBe(2);
  });

  test('PUT /api/user stores name and nickname as NFC, trimmed text, or refuses them in Korean', async () => {
    const accepted: string[] = [];
    for (const s of STRINGS) {
      for (const field of ['name', 'nickname'] as const) {
        const a = await t.call('PUT', '/api/user', { token: member.token, body: { id: member.id, [field]: s } });
        const why = label(s, `PUT /api/user ${field}`, a);
        if (a.status !== 200) {
          expectKoreanRefusal(a, why);
          expect(a.body.field, why).toBe(field);
          continue;
        }
        expect(a.body.item[field], why).toBe(plain(s));
        const read = await t.call('GET', `/api/user/${member.id}`, { token: member.token });
        expect(read.body.item[field], why).toBe(plain(s));
        if (field === 'nickname') accepted.push(s);
      }
    }
    // Nicknames stop at 30 characters and refuse invisible ones, so fewer get through than names.
    expect(accepted.length).toBeGreaterThan(STRINGS.length * 0.4);
    // A few of the accepted ones through the whole sign-up, code and all, and back.
    for (const [k, s] of accepted.filter((_, i) => i % 100 === 7).entries()) {
      const loginid = `naughty${k}@test.example`;
      const a = await t.signUp({ loginid, name: s, nickname: s });
      expect(a.status, label(s, 'sign-up', a)).toBe(200);
      const read = await t.call('GET', `/api/user/${a.body.id}`, { token: root });
      expect(read.body.item, label(s, 'signed up', read)).toMatchObject({ name: plain(s), nickname: plain(s) });
    }
  }, 240_000);

  // Every failed login hashes a decoy password (~0.1-0.5 s on this machine, one at a time), so
  // all 515 would take minutes per database: every tenth string, a sample across the list's parts.
  test('login ids: the login failure or a Korean refusal', async () => {
    await each(
      STRINGS.filter((_, i) => i % 10 === 0),
      async (s) => {
        const a = await t.call('POST', '/api/jwt', { body: { loginid: s, passwd: 'member-pass-1234' } });
        expectKoreanRefusal(a, label(s, 'login', a), 'login');
      },
    );
  }, 240_000);

  test('content resources store each string in every free-text field, or refuse it in Korean', async () => {
    for (const r of RESOURCES) {
      const token = r.byAdmin ? root : member.token;
      const records: Record<string, unknown>[] = STRINGS.map((s) => ({
        ...r.base,
        ...Object.fromEntries([...r.plain, ...r.rich].map((f) => [f, s])),
      }));
      const refused = new Set<string>();
      const ids: number[] = [];
      for (let start = 0; start < records.length; start += BATCH) {
        const chunk = records.slice(start, start + BATCH);
        // All or nothing: a refusal names one item's field; that value is set aside and the rest sent again.
        for (let tries = 0; ; tries++) {
          expect(tries, `${r.name}: too many refusals`).toBeLessThan(BATCH * (r.plain.length + r.rich.length));
          const a = await t.call('POST', `/api/${r.name}/batch`, { token, body: chunk });
          if (a.status === 200) {
            ids.push(...a.body.ids);
            break;
          }
          const [, index, field] = /^\[(\d+)\]\.(\w+)$/.exec(a.body.field ?? '') ?? [];
          const s = STRINGS[start + Number(index)] as string;
          const why = label(s, `${r.name} batch ${a.body.field}`, a);
          expectKoreanRefusal(a, why);
          expect([...r.plain, ...r.rich], why).toContain(field);
          refused.add(`${start + Number(index)}.${field}`);
          // Title and post content are required: a refused one is replaced by a plain value, not emptied.
          (chunk[Number(index)] as Record<string, unknown>)[field as string] =
            field === 'title' ? '제목' : field === 'content' ? '내용' : '';
        }
      }
      expect(ids).toHaveLength(STRINGS.length);
      expect(refused.size, r.name).toBeLessThan((STRINGS.length * (r.plain.length + r.rich.length)) / 5);
      stored[r.name] = ids;
      await each(ids, async (id, i) => {
        const s = STRINGS[i] as string;
        const a = await t.call('GET', `/api/${r.name}/${id}`, { token });
        expect(a.status, label(s, `GET /api/${r.name}/${id}`, a)).toBe(200);
        for (const f of r.plain) {
          if (!refused.has(`${i}.${f}`)) expect(a.body.item[f], label(s, `${r.name}.${f}`, a)).toBe(plain(s));
        }
        for (const f of r.rich) {
          if (!refused.has(`${i}.${f}`)) expectSafeHtml(a.body.item[f], s, label(s, `${r.name}.${f}`, a));
        }
      });
    }
  }, 240_000);

  test('formatted text fields (phone, address, e-mail, dates, times, images) store exactly their format or refuse in Korean', async () => {
    const cases = RESOURCES.flatMap((r) =>
      Object.entries(r.format).flatMap(([field, stores]) => STRINGS.map((s) => ({ r, field, stores, s }))),
    );
    await each(
      cases,
      async ({ r, field, stores, s }) => {
        const token = r.byAdmin ? root : member.token;
        const value = field === 'images' ? [s] : s;
        const a = await t.call('POST', `/api/${r.name}`, {
          token,
          body: { ...r.base, title: '형식', content: '<p>형식</p>', [field]: value },
        });
        const why = label(s, `${r.name}.${field}`, a);
        if (a.status !== 200) {
          expectKoreanRefusal(a, why);
          expect(a.body.field, why).toMatch(new RegExp(`^${field}(\\[0\\])?$`));
          return;
        }
        const read = await t.call('GET', `/api/${r.name}/${a.body.id}`, { token });
        expect(read.body.item[field], why).toEqual(field === 'images' ? [stores(s)] : stores(s));
      },
      16,
    );
  }, 240_000);

  test('comments store each string as NFC, trimmed text or refuse it in Korean', async () => {
    const post = (stored.board as number[])[0] as number;
    const first = await t.call('POST', '/api/comment', { token: member.token, body: { board: post, content: '첫 댓글' } });
    expect(first.status).toBe(200);
    const id = first.body.id as number;
    // Edits, not new comments: the text goes through the same rule, and a posting limit per
    // member does not decide how many strings this test may send.
    let accepted = 0;
    for (const s of STRINGS) {
      const a = await t.call('PUT', '/api/comment', { token: member.token, body: { id, content: s } });
      const why = label(s, 'comment', a);
      if (a.status !== 200) {
        expectKoreanRefusal(a, why);
        expect(a.body.field, why).toBe('content');
        continue;
      }
      const read = await t.call('GET', `/api/comment?board=${post}`);
      expect(read.body.items.find((c: { id: number }) => c.id === id)?.content, why).toBe(plain(s));
      accepted++;
    }
    // Most of the list is ordinary text in odd scripts: a rule that refused it all would be a bug too.
    expect(accepted).toBeGreaterThan(STRINGS.length * 0.9);
  }, 120_000);

  test('search queries, keywords and text filters answer a list or a Korean refusal', async () => {
    const queries = (s: string) => [
      { path: `/api/search?q=${enc(s)}` },
      { path: `/api/board?keyword=${enc(s)}&category=${enc(s)}&subcategory=${enc(s)}&location=${enc(s)}` },
      { path: `/api/jobs?keyword=${enc(s)}&category=${enc(s)}&location=${enc(s)}&employmenttype=${enc(s)}` },
      { path: `/api/business?keyword=${enc(s)}&category=${enc(s)}&subcategory=${enc(s)}&location=${enc(s)}` },
      { path: `/api/mainschedule?keyword=${enc(s)}&category=${enc(s)}` },
      { path: `/api/inquiry?keyword=${enc(s)}`, token: member.token },
      { path: `/api/user?keyword=${enc(s)}`, token: root },
    ];
    await each(STRINGS, async (s) => {
      for (const q of queries(s)) {
        const a = await t.call('GET', q.path, { token: q.token });
        const why = label(s, q.path.split('?')[0] as string, a);
        if (a.status === 200) expect(a.body.code, why).toBe('ok');
        else expectKoreanRefusal(a, why);
      }
    });
  }, 120_000);

  // Pages render from the production build; without one (an API-only run) this part is skipped.
  test.skipIf(!BUILT)(
    'pages that show the stored items render, with no script but their own',
    async () => {
      const pages = createApp(t.deps, { root: PROJECT, dev: false, loadBuild: productionBuild(PROJECT) });
      const page = async (url: string, { token, refusable = false }: { token?: string; refusable?: boolean } = {}) => {
        const headers: Record<string, string> = { 'user-agent': BROWSER_UA, 'x-forwarded-for': '10.200.0.1' };
        if (token) headers.cookie = `${TOKEN_COOKIE}=${token}`;
        const res = await pages.request(url, { headers });
        const html = await res.text();
        expectSafePage(res, html, `${url} -> ${res.status}`, refusable);
        return html;
      };
      const detail: [Resource['name'], string][] = [
        ['board', '/community'],
        ['jobs', '/jobs'],
        ['business', '/business'],
      ];
      for (const [name, section] of detail) {
        await each(stored[name] as number[], async (id) => {
          await page(`${section}/${id}`);
        });
      }
      // The query pages read the string from the address only: every third string keeps the run short.
      await each(
        STRINGS.filter((_, i) => i % 3 === 0),
        async (s) => {
          await page(`/search?q=${enc(s)}`, { refusable: true });
          await page(`/community?keyword=${enc(s)}`, { refusable: true });
        },
      );
      // Inquiries and the schedule show in lists of 20 and 100: every page of the admins' inquiry
      // list, the schedule's first 100 and the index page that shows what is upcoming.
      for (let p = 1; p <= Math.ceil(STRINGS.length / 20); p++) await page(`/admin/inquiry?page=${p}`, { token: root });
      await page('/admin/mainschedule', { token: root });
      await page('/');
      await page('/mypage/myinfo', { token: member.token });
    },
    240_000,
  );
});
