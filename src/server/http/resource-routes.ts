import { type Context, Hono } from 'hono';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { AnswerCache } from '#server/cache/answer-cache.ts';
import type { Caller } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { readJson } from '#server/http/envelope.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { type Visitor, visitorOf } from '#server/modules/view/visitor.ts';

// SPEC §7's call set, declared once: every resource (user, board, jobs, business, inquiry ...)
// answers the same ten calls at the same paths, each handed to the resource's service.

/** Writes also get the request context, for the few answers that set a cookie. */
export interface ResourceHandlers {
  create(caller: Caller, body: unknown, c: Context<AppEnv>): Promise<object>;
  createBatch(caller: Caller, body: unknown, c: Context<AppEnv>): Promise<object>;
  update(caller: Caller, body: unknown, c: Context<AppEnv>): Promise<object>;
  remove(caller: Caller, body: unknown, c: Context<AppEnv>): Promise<object>;
  removeBatch(caller: Caller, body: unknown, c: Context<AppEnv>): Promise<object>;
  list(caller: Caller, query: Record<string, string>): Promise<object>;
  count(caller: Caller, query: Record<string, string>): Promise<object>;
  sum(caller: Caller, query: Record<string, string>): Promise<object>;
  /** `visitor`: whom a view is counted for; without it none is (an editor opening a post). */
  get(caller: Caller, id: number, visitor?: Visitor): Promise<object>;
  initdata(caller: Caller): Promise<object>;
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

/** A path id: digits only, otherwise the resource does not exist. */
export function pathId(raw: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw new AppError(404, ErrorKey.notFound);
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
    if (!cache || !stamp) return ok(c, await handlers[call](caller(c), c.req.query()));
    let json = cache.get(c.req.url, stamp);
    if (json === undefined) {
      json = JSON.stringify({ code: 'ok', ...(await handlers[call](caller(c), c.req.query())) });
      cache.set(c.req.url, stamp, json);
    }
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  };
  app.post('/batch', async (c) => ok(c, await handlers.createBatch(caller(c), await readJson(c), c)));
  app.delete('/batch', async (c) => ok(c, await handlers.removeBatch(caller(c), await readJson(c), c)));
  app.post('/', async (c) => ok(c, await handlers.create(caller(c), await readJson(c), c)));
  app.put('/', async (c) => ok(c, await handlers.update(caller(c), await readJson(c), c)));
  app.delete('/', async (c) => ok(c, await handlers.remove(caller(c), await readJson(c), c)));
  app.get('/', read('list'));
  app.get('/count', read('count'));
  app.get('/sum', read('sum'));
  app.get('/initdata', async (c) => ok(c, await handlers.initdata(caller(c))));
  extra?.(app);
  app.get('/:id', async (c) => {
    const visitor = visitorOf(c.get('actor'), c.req.raw.headers);
    const result = await handlers.get(caller(c), pathId(c.req.param('id')), visitor);
    if (visitor.setCookie) c.header('Set-Cookie', visitor.setCookie, { append: true });
    return ok(c, result);
  });
  return app;
}
