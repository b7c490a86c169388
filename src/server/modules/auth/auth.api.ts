import { Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { LoginSchema } from '#shared/schemas/user.ts';
import { bodyInput } from '#server/http/envelope.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { clearSessionCookie, setSessionCookie } from '#server/http/session-cookie.ts';
import { caller } from '#server/http/resource-routes.ts';
import { login } from './auth.service.ts';

/** /api/jwt: SPEC §7's GET with query parameters stays for compatibility; our own client posts
 * JSON so the password never sits in a URL. DELETE ends the session. */
export function authRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const result = await login(
      deps,
      caller(c),
      parseInput(LoginSchema, { loginid: c.req.query('loginid'), passwd: c.req.query('passwd') }),
    );
    setSessionCookie(c, result.token);
    return c.json({ code: 'ok', ...result });
  });
  app.post('/', async (c) => {
    const result = await login(deps, caller(c), await bodyInput(c, LoginSchema));
    setSessionCookie(c, result.token);
    return c.json({ code: 'ok', ...result });
  });
  app.delete('/', (c) => {
    clearSessionCookie(c);
    return c.json({ code: 'ok' });
  });
  return app;
}
