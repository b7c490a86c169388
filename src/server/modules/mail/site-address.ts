import { AsyncLocalStorage } from 'node:async_hooks';
import type { Env } from '#server/env.ts';

// Mails carry whole links (issue #32): a link in a mail has no page to be relative to. The site's
// address is SITE_URL when the operator set it; otherwise the address the site was reached at by
// the request that caused the mail, from the Host header the server received (never a forwarded
// host, which any client may write) and the scheme it was reached by. A mail sent by no request
// (the expiry sweep) has only SITE_URL.

const reached = new AsyncLocalStorage<string>();

/** Runs `work` (the rest of a request) with the address it reached the site at, for the mails it
 * causes, those sent after its answer too: they continue its asynchronous work. */
export function withSiteAddress<T>(origin: string, work: () => T): T {
  return reached.run(origin, work);
}

/** The site's address for a link in a mail, without a trailing slash; undefined when there is
 * none to give. */
export function siteAddress(env: Pick<Env, 'SITE_URL'>): string | undefined {
  return env.SITE_URL ?? reached.getStore();
}

/** A path on the site as a whole link, or the path itself when the site's address is unknown. */
export function mailLink(env: Pick<Env, 'SITE_URL'>, path: string): string {
  return `${siteAddress(env) ?? ''}${path}`;
}
