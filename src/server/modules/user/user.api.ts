import type { Context, Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { readJson } from '#server/http/envelope.ts';
import { clearSessionCookie, setSessionCookie } from '#server/http/session-cookie.ts';
import { caller, pathId, resourceRoutes } from '#server/http/resource-routes.ts';
import { checkCode } from '#server/modules/verification/verification.service.ts';
import { reissueToken } from '#server/modules/auth/auth.service.ts';
import {
  countUsers,
  createUser,
  createUsers,
  getUser,
  listUsers,
  removeUser,
  removeUsers,
  resetPassword,
  sendResetCode,
  sendSignupCode,
  sumUsers,
  updateUserRecord,
  updateUsers,
  userInitdata,
} from './user.service.ts';

/** /api/user: SPEC §7's call set plus the e-mail code calls (each legacy GET that carries an
 * address or a code has a POST twin with a JSON body for our own client) and the admins'
 * batch edit, PUT /batch, beside the call set's POST and DELETE /batch. */
export function userRoutes(deps: Deps): Hono<AppEnv> {
  return resourceRoutes(
    {
      create: (who, body) => createUser(deps, who, body),
      createBatch: (who, body) => createUsers(deps, who, body),
      update: async (who, body, c) => {
        const { item, passwordChanged } = await updateUserRecord(deps, who, body);
        // A member who changed their own password keeps this session; all others end.
        if (!passwordChanged || who.actor?.id !== item.id) return { item };
        const token = await reissueToken(deps, item.id);
        if (token) setSessionCookie(c, token);
        return { item, token };
      },
      remove: async (who, body, c) => {
        const { id, self } = await removeUser(deps, who, body);
        if (self) clearSessionCookie(c);
        return { id };
      },
      removeBatch: (who, body) => removeUsers(deps, who, body),
      list: (who, q) => listUsers(deps, who, q),
      count: (who, q) => countUsers(deps, who, q),
      sum: (who, q) => sumUsers(deps, who, q),
      get: (who, id) => getUser(deps, who, id),
      initdata: async () => ({ item: userInitdata() }),
    },
    (app) => {
      app.put('/batch', async (c) => c.json({ code: 'ok', ...(await updateUsers(deps, caller(c), await readJson(c))) }));
      const signupCode = async (c: Context<AppEnv>, email: unknown) =>
        c.json({ code: 'ok', ...(await sendSignupCode(deps, caller(c), { email })) });
      const resetCode = async (c: Context<AppEnv>, email: unknown) =>
        c.json({ code: 'ok', ...(await sendResetCode(deps, caller(c), { email })) });
      const check = async (c: Context<AppEnv>, id: number, number: unknown) => {
        await checkCode(deps, caller(c), id, String(number ?? ''));
        return c.json({ code: 'ok' });
      };
      app.get('/findemail/:email', (c) => signupCode(c, c.req.param('email')));
      app.post('/findemail', async (c) => signupCode(c, ((await readJson(c)) as { email?: unknown } | null)?.email));
      app.get('/findpassword/:email', (c) => resetCode(c, c.req.param('email')));
      app.post('/findpassword', async (c) => resetCode(c, ((await readJson(c)) as { email?: unknown } | null)?.email));
      app.get('/checkpassword/:id', (c) => check(c, pathId(c.req.param('id')), c.req.query('number')));
      app.post('/checkpassword', async (c) => {
        const body = (await readJson(c)) as { id?: unknown; number?: unknown } | null;
        return check(c, pathId(String(body?.id ?? '')), body?.number);
      });
      app.post('/password', async (c) => {
        await resetPassword(deps, caller(c), await readJson(c));
        return c.json({ code: 'ok' });
      });
    },
  );
}
