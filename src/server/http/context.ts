import type { Actor } from '#server/context.ts';

/** What the HTTP layer keeps per request. */
export interface AppEnv {
  Variables: {
    reqId: string;
    ip: string;
    actor: Actor | undefined;
    authVia: 'bearer' | 'cookie' | undefined;
  };
}
