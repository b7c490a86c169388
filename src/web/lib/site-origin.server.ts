import type { Env } from '#server/env.ts';

/** Where a page's absolute links point (a canonical address, a share card): SITE_URL when the
 * operator set it, else the origin the request came to, as the server's own requestOrigin has it
 * (the scheme the client used, the Host our proxy passes; never a forwarded host). */
export function siteOrigin(env: Pick<Env, 'SITE_URL'>, request: Request, https: boolean): string {
  return env.SITE_URL ?? `${https ? 'https' : 'http'}://${new URL(request.url).host}`;
}
