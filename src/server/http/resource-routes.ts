import { type Context, Hono } from 'hono';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { AnswerCache } from '#server/cache/answer-cache.ts';
import type { Caller } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import { IdListSchema } from '#shared/schemas/user.ts';
import { readJson } from '#server/http/envelope.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { requireActor, requireAdmin } from '#server/modules/auth/actor.policy.ts';

// SPEC §7's call set, declared once: every resource (user, board, jobs, business, inquiry ...)
// answers the same ten calls at the same paths, each handed to the resource's service.

/** Each handler gets the request (for its caller, and the few answers that set a cookie: a
 * counted view's visitor cookie) and
 * what the request brings: the JSON body, the query string or the path's id. It parses that with
 * the call's schema and hands the service typed input. */
export interface ResourceHandlers {
  create(c: Context<AppEnv>, body: unknown): Promise<object>;
  createBatch(c: Context<AppEnv>, body: unknown): Promise<object>;
  update(c: Context<AppEnv>, body: unknown): Promise<object>;
  remove(c: Context<AppEnv>, body: unknown): Promise<object>;
  removeBatch(c: Context<AppEnv>, body: unknown): Promise<object>;
  list(c: Context<AppEnv>, query: Record<string, string>): Promise<object>;
  count(c: Context<AppEnv>, query: Record<string, string>): Promise<object>;
  sum(c: Context<AppEnv>, query: Record<string, string>): Promise<object>;
  get(c: Context<AppEnv>, id: number): Promise<object>;
  initdata(c: Context<AppEnv>): Promise<object>;
}

/** A batch delete's ids: a JSON array, or `{ids: [...]}`. */
export function idsOf(body: unknown): number[] {
  return parseInput(IdListSchema, Array.isArray(body) ? body : (body as { ids?: unknown } | null)?.ids);
}

export function caller(c: Context<AppEnv>): Caller {
  return { actor: c.get('actor'), ip: c.get('ip') };
}

/** The caller of a members-only call: without a session it is a 401 before the input is read,
 * so a visitor learns nothing about what the call would accept. */
export function member(c: Context<AppEnv>): Caller {
  requireActor(c.get('actor'));
  return caller(c);
}

/** The caller of an admins-only call: 401 or 403 before the input is read. */
export function admin(c: Context<AppEnv>): Caller {
  requireAdmin(c.get('actor'));
  return caller(c);
}

/** A path id: digits only, otherwise the resource does not exist. */
export function pathId(raw: string): number {
  if (!isPathId(raw)) throw new AppError(404, ErrorKey.notFound);
  return Number(raw);
}

const ok = (c: Context<AppEnv>, result: object) => c.json({ code: 'ok', ...result });

/** Mounts the call set; `extra` registers a resource's own routes before the `/:id` catch. With
 * `cache`, lists, counts and sums asked for without a session are answered from it while no
 * write has changed them (answer-cache.ts). */
export function resourceRoutes(handlers: ResourceHandlers, extra?: (app: Hono<AppEnv>) => void, cache?: AnswerCache<string>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const read = (call: 'list' | 'count' | 'sum') => async (c: Context<AppEnv>) => {
    const stamp = cache && !c.get('actor') ? cache.stamp() : undefined;
    if (!cache || !stamp) return ok(c, await handlers[call](c, c.req.query()));
    let json = cache.get(c.req.url, stamp);
    if (json === undefined) {
      json = JSON.stringify({ code: 'ok', ...(await handlers[call](c, c.req.query())) });
      cache.set(c.req.url, stamp, json);
    }
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  };
  app.post('/batch', async (c) => ok(c, await handlers.createBatch(c, await readJson(c))));
  app.delete('/batch', async (c) => ok(c, await handlers.removeBatch(c, await readJson(c))));
  app.post('/', async (c) => ok(c, await handlers.create(c, await readJson(c))));
  app.put('/', async (c) => ok(c, await handlers.update(c, await readJson(c))));
  app.delete('/', async (c) => ok(c, await handlers.remove(c, await readJson(c))));
  app.get('/', read('list'));
  app.get('/count', read('count'));
  app.get('/sum', read('sum'));
  app.get('/initdata', async (c) => ok(c, await handlers.initdata(c)));
  extra?.(app);
  app.get('/:id', async (c) => ok(c, await handlers.get(c, pathId(c.req.param('id')))));
  return app;
}
