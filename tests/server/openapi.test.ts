import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#server/app.ts';
import { buildDeps } from '#server/boot.ts';
import { loadEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { ensureRootAdmin } from '#server/modules/user/root-admin.service.ts';

// The document at /api/openapi.json, the page at /api/docs, and the document agreeing with the
// API: what its schemas call invalid, the real routes refuse with 400 naming the same field.

type Json = Record<string, any>;
const ROOT = { loginid: 'root@docs.example', passwd: 'root-docs-pass-1' };

let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;
let dataDir: string;
let doc: Json;
let token: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanin-openapi-'));
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const { deps, connection } = await buildDeps(env, createLogger('silent'));
  await ensureRootAdmin(deps, ROOT.loginid, ROOT.passwd);
  app = createApp(deps);
  close = () => connection.close();
  const res = await app.request('/api/openapi.json');
  doc = (await res.json()) as Json;
  const login = await app.request('/api/jwt', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ROOT),
  });
  token = ((await login.json()) as { token: string }).token;
});

afterAll(async () => {
  await close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Follows a `$ref` inside the document. */
function deref(schema: Json): Json {
  if (!schema.$ref) return schema;
  return (schema.$ref as string)
    .slice(2)
    .split('/')
    .reduce((node: Json, key) => node[key], doc);
}

function bodySchema(route: string, method: string): Json {
  return deref(doc.paths[route][method].requestBody.content['application/json'].schema);
}

function queryParam(route: string, method: string, name: string): Json | undefined {
  return doc.paths[route][method].parameters?.find((p: Json) => p.in === 'query' && p.name === name);
}

const CALL_SET = {
  '': ['get', 'post', 'put', 'delete'],
  '/batch': ['post', 'delete'],
  '/count': ['get'],
  '/sum': ['get'],
  '/initdata': ['get'],
  '/{id}': ['get'],
};

const EXPECTED: Record<string, string[]> = {
  '/api/health': ['get'],
  '/api/live': ['get'],
  '/api/jwt': ['get', 'post', 'delete'],
  '/api/user/findemail/{email}': ['get'],
  '/api/user/findemail': ['post'],
  '/api/user/findpassword/{email}': ['get'],
  '/api/user/findpassword': ['post'],
  '/api/user/checkpassword/{id}': ['get'],
  '/api/user/checkpassword': ['post'],
  '/api/user/password': ['post'],
  '/api/comment': ['get', 'post', 'put', 'delete'],
  '/api/like': ['get', 'post', 'delete'],
  '/api/like/status': ['get'],
  '/api/notification': ['get'],
  '/api/notification/read': ['put'],
  '/api/notification/settings': ['get', 'put'],
  '/api/push/key': ['get'],
  '/api/push/subscription': ['delete', 'post'],
  '/api/alert': ['delete', 'get', 'post'],
  '/api/conversation': ['get', 'post'],
  '/api/conversation/{id}': ['delete', 'get'],
  '/api/conversation/{id}/message': ['post'],
  '/api/conversation/{id}/read': ['put'],
  '/api/block': ['get', 'post'],
  '/api/block/{user}': ['delete'],
  '/api/member/{id}': ['get'],
  '/api/comment/mine': ['get'],
  '/api/review': ['post'],
  '/api/business/{id}/review': ['get', 'post'],
  '/api/review/{id}/reply': ['put'],
  '/api/admin/user/{id}/suspend': ['post'],
  '/api/board/{id}/buyers': ['get'],
  '/api/board/{id}/sold': ['put'],
  '/api/search': ['get'],
  '/api/upload': ['post'],
  '/api/webdata/{name}': ['get'],
  '/api/admin/dashboard': ['get'],
  '/api/admin/system': ['get'],
  '/api/admin/audit': ['get'],
  '/api/admin/comments': ['get'],
  '/api/admin/moderate': ['post'],
  '/api/admin/users.csv': ['get'],
  '/api/admin/backup': ['get', 'post'],
  '/api/report': ['post'],
  '/api/warnings': ['post'],
  '/api/events': ['get'],
  '/api/admin/report': ['get'],
  '/api/admin/queue': ['get', 'put'],
  '/api/admin/organization/{id}/editors': ['get', 'put'],
  '/api/admin/scam-phrases': ['get', 'post'],
  '/api/admin/scam-phrases/{id}': ['delete'],
  '/api/admin/report/restore': ['post'],
  '/api/admin/report/warned': ['get'],
  '/api/admin/report/delete': ['post'],
};
for (const resource of ['user', 'board', 'jobs', 'business', 'housing', 'inquiry', 'mainschedule', 'event']) {
  for (const [suffix, methods] of Object.entries(CALL_SET)) EXPECTED[`/api/${resource}${suffix}`] = methods;
}
// One of an item's files, for a member who may read the item.
for (const resource of ['board', 'jobs', 'business', 'housing', 'inquiry', 'mainschedule', 'event'])
  EXPECTED[`/api/${resource}/{id}/files/{file}`] = ['get'];
// The admins' batch edit of users.
EXPECTED['/api/user/batch'] = [...(EXPECTED['/api/user/batch'] ?? []), 'put'];
// 끌어올리기 of a market listing, a job or a home.
EXPECTED['/api/board/{id}/bump'] = ['post'];
EXPECTED['/api/jobs/{id}/bump'] = ['post'];
EXPECTED['/api/housing/{id}/bump'] = ['post'];
// An event's RSVPs.
EXPECTED['/api/event/{id}/rsvp'] = ['get', 'post'];

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1 JSON', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toContain('API');
  });

  test('every $ref resolves and every operation has its own id', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const r of refs) expect(deref(JSON.parse(`{${r}}`)), r).toBeDefined();
    const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('documents every route with its methods, and nothing else', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [route, methods] of Object.entries(EXPECTED))
      expect(Object.keys(doc.paths[route]).sort(), route).toEqual([...methods].sort());
    expect(doc.paths['/api/jwt'].get.deprecated).toBe(true);
    expect(doc.paths['/api/upload'].post.requestBody.content).toHaveProperty('multipart/form-data');
  });

  test('the admin calls: a session each, bodies from their schemas, the CSV as text/csv', () => {
    for (const [route, methods] of Object.entries(EXPECTED).filter(([r]) => r.startsWith('/api/admin/'))) {
      for (const m of methods) expect(doc.paths[route][m].responses, `${m} ${route}`).toHaveProperty('401');
    }
    const moderate = bodySchema('/api/admin/moderate', 'post');
    expect(moderate.properties.action.enum).toEqual(['hide', 'show', 'delete', 'close']);
    expect(moderate.properties.ids).toMatchObject({ type: 'array', minItems: 1, maxItems: 500 });
    const batch = bodySchema('/api/user/batch', 'put');
    expect(batch).toMatchObject({ type: 'array', minItems: 1, maxItems: 500 });
    expect(batch.items.required).toEqual(['id']);
    expect(batch.items.properties.use.enum).toEqual([1, 2]);
    expect(doc.paths['/api/admin/users.csv'].get.responses[200].content).toHaveProperty('text/csv');
    expect(queryParam('/api/admin/users.csv', 'get', 'page')).toBeUndefined();
  });

  test("the board save body: title required, topcategory one of SPEC §3's codes 1-8", () => {
    const body = bodySchema('/api/board', 'post');
    expect(body.required).toContain('title');
    expect(body.properties.title).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(body.properties.topcategory.enum).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body.properties.count.readOnly).toBe(true);
  });

  test('list parameters: page, size up to 100, the sort enumeration, keyword, filters and extras', () => {
    expect(queryParam('/api/board', 'get', 'size')?.schema).toMatchObject({ maximum: 100, default: 20 });
    expect(queryParam('/api/board', 'get', 'sort')?.schema.enum).toEqual(expect.arrayContaining(['date', '-date', 'price', '-price']));
    for (const name of ['page', 'keyword', 'topcategory', 'category', 'minprice', 'maxprice']) {
      expect(queryParam('/api/board', 'get', name), name).toBeDefined();
    }
    expect(queryParam('/api/jobs', 'get', 'expired')?.schema.enum).toEqual(['0', '1']);
    expect(queryParam('/api/business/count', 'get', 'open')).toBeDefined();
  });

  test('errors share one envelope, 429 carries Retry-After, sessions are bearer JWT or the portal_token cookie', () => {
    const { components } = doc;
    expect(components.schemas.ErrorAnswer.properties.message.enum).toEqual(expect.arrayContaining(['invalid', 'not found', 'too large']));
    expect(components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
    expect(components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'portal_token' });
    expect(doc.paths['/api/board'].post.responses).toHaveProperty('401');
    expect(doc.paths['/api/board'].post.responses).toHaveProperty('415');
  });
});

describe('the document lints clean', () => {
  test("under a standard OpenAPI linter's recommended rules, with no error or warning", async () => {
    // The API is the portal's own, published under no licence: the one rule that asks for one is off.
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(found).toEqual([]);
  });
});

describe('the docs page', () => {
  test('is HTML under a CSP without inline script, and every asset it names is served', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const refs = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1] as string, 'http://localhost/api/docs').pathname);
    expect(refs.length).toBe(5);
    const types: string[] = [];
    for (const ref of refs) {
      const asset = await app.request(ref);
      expect(asset.status, ref).toBe(200);
      expect(asset.headers.get('cache-control'), ref).toMatch(/max-age=31536000/);
      types.push(asset.headers.get('content-type') ?? '');
    }
    expect(types.some((t) => t.startsWith('text/javascript'))).toBe(true);
    expect(types.some((t) => t.startsWith('text/css'))).toBe(true);
    expect((await app.request('/api/docs/assets/package.json')).status).toBe(404);
  });
});

describe('the document agrees with the API', () => {
  /** A value the document calls invalid for this schema. */
  function invalidValue(schema: Json): unknown {
    if (schema.enum) return typeof schema.enum[0] === 'number' ? Math.max(...schema.enum) + 1 : 'not-in-enum';
    if (schema.maxLength !== undefined) return '가'.repeat(schema.maxLength + 1);
    if (schema.maximum !== undefined) return schema.maximum + 1;
    throw new Error(`no invalid value for ${JSON.stringify(schema)}`);
  }

  /** The last value the document still allows: the API must not refuse it for this field. */
  function edgeValue(schema: Json): unknown {
    if (schema.enum) return typeof schema.enum[0] === 'number' ? Math.max(...schema.enum) : schema.enum.at(-1);
    if (schema.maxLength !== undefined) return '가'.repeat(schema.maxLength);
    if (schema.maximum !== undefined) return schema.maximum;
    throw new Error(`no edge value for ${JSON.stringify(schema)}`);
  }

  async function call(method: string, url: string, body?: unknown) {
    const res = await app.request(url, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  // 'missing' leaves out a field the document requires; 'invalid' breaks the rule it states.
  type How = 'missing' | 'invalid';
  function spoil(valid: Json, name: string, schema: Json, how: How, required: boolean): Json {
    if (how === 'invalid') return { ...valid, [name]: invalidValue(schema) };
    expect(required, `${name} is required`).toBe(true);
    const { [name]: _, ...rest } = valid;
    return rest;
  }

  const BODIES: [route: string, method: string, field: string, how: How, valid: Json][] = [
    ['/api/board', 'post', 'title', 'missing', { title: '제목', topcategory: 2 }],
    ['/api/board', 'post', 'topcategory', 'invalid', { title: '제목', topcategory: 2 }],
    ['/api/jobs', 'post', 'title', 'invalid', { title: '구인' }],
    ['/api/business', 'post', 'category', 'invalid', { title: '업소' }],
    [
      '/api/user',
      'post',
      'nickname',
      'missing',
      { name: '홍길동', nickname: '길동', loginid: 'gd@docs.example', passwd: 'long-enough-pass' },
    ],
    ['/api/jwt', 'post', 'passwd', 'missing', ROOT],
    ['/api/like', 'post', 'target', 'invalid', { target: 'board', item: 1 }],
    ['/api/notification/settings', 'put', 'mail', 'missing', { mail: ['comment'] }],
    ['/api/alert', 'post', 'keyword', 'invalid', { keyword: '렌트' }],
    ['/api/comment', 'post', 'content', 'missing', { board: 1, content: '댓글' }],
    // Jobs take every action (a board post takes `close` only in the market).
    ['/api/admin/moderate', 'post', 'action', 'invalid', { target: 'jobs', ids: [1], action: 'hide' }],
  ];

  test.each(BODIES)('%s %s: %s %s', async (route, method, field, how, valid) => {
    const schema = bodySchema(route, method);
    const property = schema.properties[field];
    if (how === 'invalid') {
      const edge = await call(method.toUpperCase(), route, { ...valid, [field]: edgeValue(property) });
      expect(edge.body.field, 'the edge value is taken').not.toBe(field);
    }
    const body = spoil(valid, field, property, how, schema.required?.includes(field) ?? false);
    const answer = await call(method.toUpperCase(), route, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'error', message: 'invalid', field });
  });

  const QUERIES: [route: string, valid: Json, param: string, how: How][] = [
    ['/api/board', {}, 'size', 'invalid'],
    ['/api/mainschedule', {}, 'sort', 'invalid'],
    ['/api/user/count', {}, 'sort', 'invalid'],
    ['/api/comment', { board: 1 }, 'board', 'missing'],
    ['/api/like/status', { target: 'board', items: '1,2' }, 'target', 'invalid'],
    ['/api/notification', {}, 'page', 'invalid'],
    ['/api/admin/audit', { target: 'users', item: '1' }, 'target', 'invalid'],
    ['/api/admin/comments', {}, 'size', 'invalid'],
    ['/api/search', { q: '김치' }, 'size', 'invalid'],
  ];

  test.each(QUERIES)('GET %s: %s %s', async (route, valid, param, how) => {
    const parameter = queryParam(route, 'get', param);
    expect(parameter).toBeDefined();
    if (how === 'invalid') {
      const edge = await call('GET', `${route}?${new URLSearchParams({ ...valid, [param]: String(edgeValue(parameter?.schema)) })}`);
      expect(edge.status, 'the edge value is taken').toBe(200);
    }
    const query = spoil(valid, param, parameter?.schema, how, parameter?.required);
    const answer = await call('GET', `${route}?${new URLSearchParams(query)}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'error', message: 'invalid', field: param });
  });
});
