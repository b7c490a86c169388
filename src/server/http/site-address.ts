import type { MiddlewareHandler } from 'hono';
import { withSiteAddress } from '#server/modules/mail/site-address.ts';
import type { AppEnv } from './context.ts';

/** A host as a Host header may name one: a name or an IPv4/IPv6 address, and a port. Anything
 * else is left out of mails rather than written into a link. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The rest of the request knows the address the site was reached at, for links in the mails it
 * causes (modules/mail/site-address.ts): the Host header the server received, never a forwarded
 * host, which any client may write; the scheme as the request log found it. After requestLog. */
export function rememberSiteAddress(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!HOST.test(host)) return next();
    return withSiteAddress(`${c.get('https') ? 'https' : 'http'}://${host.toLowerCase()}`, next);
  };
}
