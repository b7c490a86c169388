import type { Context, Hono } from 'hono';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import {
  CODE_ID,
  ResetPasswordSchema,
  SendCodeSchema,
  UserBatchUpdateSchema,
  UserCreateSchema,
  UserRemoveSchema,
  UserUpdateSchema,
} from '#shared/schemas/user.ts';
import { requireDeliberate, requireOwnSite } from '#server/http/auth.ts';
import { bodyInput, readJson } from '#server/http/envelope.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { clearSessionCookie, setSessionCookie } from '#server/http/session-cookie.ts';
import { admin, caller, idsOf, member, resourceRoutes } from '#server/http/resource-routes.ts';
import { checkCode } from '#server/modules/verification/verification.service.ts';
import { reissueToken, startSessionOf } from '#server/modules/auth/auth.service.ts';
import { isAdmin } from '#server/modules/auth/actor.policy.ts';
import {
  countUsers,
  createUser,
  createUsers,
  getUser,
  listUsers,
  removeUser,
  removeUsers,
  sumUsers,
  updateUserRecord,
  updateUsers,
  UserListQuerySchema,
  userInitdata,
} from './user.service.ts';
import { resetPassword, sendResetCode, sendSignupCode } from './user-codes.service.ts';

const UserCreateListSchema = z.array(UserCreateSchema);

/** /api/user: SPEC §7's call set plus the e-mail code calls (each legacy GET that carries an
 * address or a code has a POST twin with a JSON body for our own client) and the admins'
 * batch edit, PUT /batch, beside the call set's POST and DELETE /batch. */
export function userRoutes(deps: Deps): Hono<AppEnv> {
  return resourceRoutes(
    {
      create: async (c, body) => {
        const who = caller(c);
        // A sign-up logs in, so it answers only our own pages (and clients that are not
        // browsers), as the login does; an admin's new account logs nobody in.
        const signup = !isAdmin(who.actor);
        if (signup) requireOwnSite(c);
        const created = await createUser(deps, who, parseInput(UserCreateSchema, body));
        // SPEC §7's answer stays code and id: the session rides on the login's httpOnly cookie,
        // which the pages and every later call of the same browser are known by.
        const session = signup ? await startSessionOf(deps, created.id) : undefined;
        if (session) setSessionCookie(c, session.token);
        return created;
      },
      createBatch: (c, body) => createUsers(deps, admin(c), parseInput(UserCreateListSchema, body)),
      update: async (c, body) => {
        const who = member(c);
        const { item, passwordChanged } = await updateUserRecord(deps, who, parseInput(UserUpdateSchema, body));
        // A member who changed their own password keeps this session; all others end.
        if (!passwordChanged || who.actor?.id !== item.id) return { item };
        const token = await reissueToken(deps, who.actor);
        if (token) setSessionCookie(c, token);
        return { item, token };
      },
      remove: async (c, body) => {
        const { id, passwd } = parseInput(UserRemoveSchema, body);
        const { self } = await removeUser(deps, member(c), id, passwd);
        if (self) clearSessionCookie(c);
        return { id };
      },
      removeBatch: (c, body) => removeUsers(deps, admin(c), idsOf(body)),
      list: (c, q) => listUsers(deps, admin(c), parseInput(UserListQuerySchema, q)),
      count: (c, q) => countUsers(deps, admin(c), parseInput(UserListQuerySchema, q)),
      sum: (c, q) => sumUsers(deps, admin(c), parseInput(UserListQuerySchema, q)),
      get: (c, id) => getUser(deps, member(c), id),
      initdata: async () => ({ item: userInitdata() }),
    },
    (app) => {
      app.put('/batch', async (c) =>
        c.json({ code: 'ok', ...(await updateUsers(deps, admin(c), await bodyInput(c, UserBatchUpdateSchema))) }),
      );
      // The code calls send mail: only when our own pages (or a client that is not a browser) ask
      // on purpose. The spec's GETs stay for compatibility.
      const mailing = (c: Context<AppEnv>, email: unknown) => {
        requireOwnSite(c);
        requireDeliberate(c);
        return parseInput(SendCodeSchema, { email }).email;
      };
      const signupCode = async (c: Context<AppEnv>, email: unknown) =>
        c.json({ code: 'ok', ...(await sendSignupCode(deps, caller(c), mailing(c, email))) });
      const resetCode = async (c: Context<AppEnv>, email: unknown) =>
        c.json({ code: 'ok', ...(await sendResetCode(deps, caller(c), mailing(c, email))) });
      // A code id that could never have been answered names nothing, as a bad path id does.
      const codeIdOf = (raw: unknown) => {
        if (typeof raw !== 'string' || !CODE_ID.test(raw)) throw new AppError(404, ErrorKey.notFound);
        return raw;
      };
      const check = async (c: Context<AppEnv>, id: string, number: unknown) => {
        await checkCode(deps, caller(c), id, String(number ?? ''));
        return c.json({ code: 'ok' });
      };
      app.get('/findemail/:email', (c) => signupCode(c, c.req.param('email')));
      app.post('/findemail', async (c) => signupCode(c, ((await readJson(c)) as { email?: unknown } | null)?.email));
      app.get('/findpassword/:email', (c) => resetCode(c, c.req.param('email')));
      app.post('/findpassword', async (c) => resetCode(c, ((await readJson(c)) as { email?: unknown } | null)?.email));
      app.get('/checkpassword/:id', (c) => check(c, codeIdOf(c.req.param('id')), c.req.query('number')));
      app.post('/checkpassword', async (c) => {
        const body = (await readJson(c)) as { id?: unknown; number?: unknown } | null;
        return check(c, codeIdOf(body?.id), body?.number);
      });
      app.post('/password', async (c) => {
        await resetPassword(deps, caller(c), await bodyInput(c, ResetPasswordSchema));
        return c.json({ code: 'ok' });
      });
    },
  );
}
