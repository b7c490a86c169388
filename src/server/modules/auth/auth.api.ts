import { Hono } from 'hono';
import { LoginSchema } from '#shared/schemas/user.ts';
import type { Deps } from '#server/context.ts';
import { requireOwnSite } from '#server/http/auth.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput } from '#server/http/envelope.ts';
import { caller, member } from '#server/http/resource-routes.ts';
import { clearSessionCookie, setSessionCookie } from '#server/http/session-cookie.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { login, logout, logoutEverywhere } from './auth.service.ts';

/** /api/jwt: SPEC §7's GET with query parameters stays for compatibility and answers the token
 * only. The session cookie comes from the POST alone, which our own pages send: a GET can be a
 * foreign page's navigation, which would log the visitor in as someone else. Neither answers a
 * cross-site request. DELETE ends the session on the server; DELETE /all ends all of the member's. */
export function authRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    requireOwnSite(c);
    const input = parseInput(LoginSchema, { loginid: c.req.query('loginid'), passwd: c.req.query('passwd') });
    return c.json({ code: 'ok', ...(await login(deps, caller(c), input)) });
  });
  app.post('/', async (c) => {
    requireOwnSite(c);
    const result = await login(deps, caller(c), await bodyInput(c, LoginSchema));
    setSessionCookie(c, result.token);
    return c.json({ code: 'ok', ...result });
  });
  app.delete('/', async (c) => {
    await logout(deps, caller(c));
    clearSessionCookie(c);
    return c.json({ code: 'ok' });
  });
  // 모든 기기에서 로그아웃 (my page): every session of this member ends.
  app.delete('/all', async (c) => {
    await logoutEverywhere(deps, member(c));
    clearSessionCookie(c);
    return c.json({ code: 'ok' });
  });
  return app;
}
