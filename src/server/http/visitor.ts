import crypto from 'node:crypto';
import { parse, serialize } from 'hono/utils/cookie';
import type { Actor } from '#server/context.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';

// Who a view is counted for (PRODUCT.md: +1 per visitor per item per 24 hours): the member, or
// an anonymous visitor known by a random `vid` cookie given on the first counted visit; without
// the cookie, the address (issue #31: a client that keeps no cookie made every read a view). Read
// from the request alone, so that the API, page loaders and the page cache count alike.

const VID_COOKIE = 'vid';
const VID_PATTERN = /^[A-Za-z0-9_-]{16,40}$/;

/** Known crawlers and tools; their visits are not counted. */
const BOT_UA =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link|whatsapp|telegram|curl|wget|python-requests|httpclient|headless|lighthouse|pingdom|uptime/i;

/** `ip`: the client's address as the request log reads it; `secret` keys its hash (Deps'
 * `visitorKey`, the same on every app server), so the views table never holds an address. */
export function visitorOf(actor: Actor | undefined, headers: Pick<Headers, 'get'>, ip: string, secret: string): Visitor {
  if (BOT_UA.test(headers.get('user-agent') ?? '')) return { key: undefined };
  if (actor) return { key: `u${actor.id}` };
  const vid = parse(headers.get('cookie') ?? '', VID_COOKIE)[VID_COOKIE];
  if (vid && VID_PATTERN.test(vid)) return { key: `a${vid}` };
  const fresh = crypto.randomUUID().replace(/-/g, '');
  return {
    key: `i${crypto.createHmac('sha256', secret).update(ip).digest('base64url').slice(0, 22)}`,
    cookieKey: `a${fresh}`,
    setCookie: serialize(VID_COOKIE, fresh, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 86400 }),
  };
}
