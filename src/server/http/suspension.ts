import type { MiddlewareHandler } from 'hono';
import { requireWriteAllowed } from '#server/modules/auth/actor.policy.ts';
import type { AppEnv } from './context.ts';

// A suspension's check of every API write: posts, comments, likes, messages, reports, reviews
// and the rest are refused alike; logging in and out stays open, and reads (the rule:
// actor.policy.ts `requireWriteAllowed`, which the pages' forms go through too).

export function refuseSuspendedWrites(timeZone: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireWriteAllowed(c.get('actor'), { method: c.req.method, path: c.req.path }, timeZone);
    await next();
  };
}
