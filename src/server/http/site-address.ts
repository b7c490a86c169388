import type { MiddlewareHandler } from 'hono';
import { withSiteAddress } from '#server/modules/mail/site-address.ts';
import { requestOrigin } from './auth.ts';
import type { AppEnv } from './context.ts';

/** An origin whose host a Host header may name: a name or an IPv4/IPv6 address, and a port.
 * Anything else is left out of mails rather than written into a link. */
const ORIGIN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The rest of the request knows the address the site was reached at, for links in the mails it
 * causes (modules/mail/site-address.ts): requestOrigin, the Host header the server received, never
 * a forwarded host, which any client may write. After requestLog (the scheme). With SITE_URL the
 * mails use that, and nothing here runs. */
export function rememberSiteAddress(siteUrl: string | undefined): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const origin = requestOrigin(c);
    if (siteUrl || !ORIGIN.test(origin)) return next();
    return withSiteAddress(origin.toLowerCase(), next);
  };
}
