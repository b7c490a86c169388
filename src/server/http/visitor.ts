import crypto from 'node:crypto';
import { parse, serialize } from 'hono/utils/cookie';
import type { Actor } from '#server/context.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';

// Who a view is counted for (PRODUCT.md: +1 per visitor per item per 24 hours): the member, or
// an anonymous visitor known by a random `vid` cookie given on the first counted visit. Read from
// the request alone, so that the API, page loaders and the page cache count alike.

const VID_COOKIE = 'vid';
const VID_PATTERN = /^[A-Za-z0-9_-]{16,40}$/;

/** Known crawlers and tools; their visits are not counted. */
const BOT_UA =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link|whatsapp|telegram|curl|wget|python-requests|httpclient|headless|lighthouse|pingdom|uptime/i;

export function visitorOf(actor: Actor | undefined, headers: Pick<Headers, 'get'>): Visitor {
  if (BOT_UA.test(headers.get('user-agent') ?? '')) return { key: undefined };
  if (actor) return { key: `u${actor.id}` };
  const vid = parse(headers.get('cookie') ?? '', VID_COOKIE)[VID_COOKIE];
  if (vid && VID_PATTERN.test(vid)) return { key: `a${vid}` };
  const fresh = crypto.randomUUID().replace(/-/g, '');
  return {
    key: `a${fresh}`,
    setCookie: serialize(VID_COOKIE, fresh, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 86400 }),
  };
}
