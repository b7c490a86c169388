import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodType } from 'zod';
import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import { Fault } from '#server/lib/faults.ts';
import type { Logger } from '#server/lib/logger.ts';
import { parseInput } from '#server/lib/parse-input.ts';

/** The request's JSON body; anything that is not JSON is a 400, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError(415 as number, ErrorKey.invalidJson, { detail: 'Content-Type must be application/json' });
  }
  const raw = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError(400, ErrorKey.invalidJson);
  }
  // JSON writes a NUL only as the escape \u0000: a body without that text holds none.
  const nul = raw.includes('\\u0000') ? nulField(body, '') : undefined;
  if (nul !== undefined) throw new AppError(400, ErrorKey.invalid, { field: nul || undefined, detail: 'NUL characters are not allowed' });
  return body;
}

/** Where a NUL character hides in a JSON value (`loginid`, `[2].title`), or undefined. No text
 * of ours holds one, and PostgreSQL refuses it in any text (a 500 there, while SQLite stores it):
 * refused here, the same 400 on both databases. */
function nulField(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulField(inner, Array.isArray(value) ? `${at}[${key}]` : at ? `${at}.${key}` : key);
    if (found !== undefined) return found;
    if (key.includes('\u0000')) return at;
  }
  return undefined;
}

/** The same for a query string: a NUL in any parameter is a 400 before any handler runs. */
export function refuseNulInQuery(c: Context): void {
  // Every API request passes here: the URL is parsed only when it has an encoded NUL at all.
  if (!/%00/i.test(c.req.url)) return;
  for (const [name, value] of new URLSearchParams(new URL(c.req.url).search)) {
    if (value.includes('\u0000') || name.includes('\u0000')) {
      throw new AppError(400, ErrorKey.invalid, { field: name.replaceAll('\u0000', ''), detail: 'NUL characters are not allowed' });
    }
  }
}

/** The refusal of a body over its limit, with the Korean reason a client shows as it is. */
export function tooLarge(): AppError {
  return new AppError(413, ErrorKey.tooLarge, { detail: Messages.tooLarge });
}

/** One mapper for every failure: AppError answers its status and key; a Fault (the database or
 * the uploads folder failing) is one too, its cause logged by `noteFault`; anything else is a
 * server fault, logged with its cause and answered without internals. */
export function errorAnswer(err: unknown, c: Context, logger: Logger, noteFault: (fault: Fault) => void): Response {
  if (err instanceof Fault) noteFault(err);
  if (err instanceof AppError) {
    if (err.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfter))));
    const body: Record<string, unknown> = { code: 'error', message: err.key };
    if (err.field) body.field = err.field;
    if (err.message !== err.key) body.detail = err.message;
    return c.json(body, err.status as ContentfulStatusCode);
  }
  logger.error({ err, reqId: c.get('reqId') }, 'unhandled error');
  return c.json({ code: 'error', message: ErrorKey.server }, 500);
}

/** The JSON body, checked with the input's schema (a 400 naming the field otherwise). */
export async function bodyInput<S extends ZodType>(c: Context, schema: S): Promise<S['_output']> {
  return parseInput(schema, await readJson(c));
}

/** The query string, checked with the input's schema. */
export function queryInput<S extends ZodType>(c: Context, schema: S): S['_output'] {
  return parseInput(schema, c.req.query());
}
