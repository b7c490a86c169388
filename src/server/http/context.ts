import type { Actor } from '#server/context.ts';

/** What the HTTP layer keeps per request. */
export interface AppEnv {
  Variables: {
    reqId: string;
    ip: string;
    /** The client reached us over HTTPS (X-Forwarded-Proto counts only with TRUST_PROXY). */
    https: boolean;
    actor: Actor | undefined;
    authVia: 'bearer' | 'cookie' | undefined;
    /** The page's route pattern (`/community/:id`), set by the page server for the metrics. */
    route: string | undefined;
  };
}
