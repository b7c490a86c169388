import type { MiddlewareHandler } from 'hono';
import { requireNotSuspended } from '#server/modules/auth/actor.policy.ts';
import type { AppEnv } from './context.ts';

// The one check of a suspension for every write of the API: posts, comments, likes, messages,
// reports, reviews and the rest are refused alike. Logging in and out stays open, and reads.

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const OPEN = ['/api/jwt'];

export function refuseSuspendedWrites(timeZone: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!READS.has(c.req.method) && !OPEN.some((p) => c.req.path.startsWith(p))) requireNotSuspended(c.get('actor'), timeZone);
    await next();
  };
}
