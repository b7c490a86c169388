import { data, Form, redirect, useNavigation } from 'react-router';
import { Link } from '../components/ui/link.tsx';
import { openLogin } from '../lib/screen-store.ts';
import { failureMessage, Messages } from '#shared/messages.ts';
import { safeReturnPath } from '#shared/site.ts';
import { clearedSessionCookieHeader, sessionCookieHeader } from '#server/http/session-cookie.ts';
import { login, logout, logoutEverywhere } from '#server/modules/auth/auth.service.ts';
import { pageContext } from '../entry.server.tsx';
import { statusOf } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/login.ts';
import { LoginSchema } from '#shared/schemas/user.ts';
import { parseInput } from '#server/lib/parse-input.ts';

// The login page: what the login dialog falls back to without JavaScript, and where guarded
// pages send visitors (?next= is where they go after; only same-site paths are followed).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps, actor } = context.get(pageContext);
  const next = safeReturnPath(new URL(request.url).searchParams.get('next'));
  if (actor) throw redirect(next);
  return { siteName: deps.env.SITE_NAME, next };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { deps, caller, https: secure } = context.get(pageContext);
  const url = new URL(request.url);
  // Logging out without JavaScript: this session (?logout=1) or all of the member's (?logout=all)
  // end on the server, and the cookie goes.
  const out = url.searchParams.get('logout');
  if (out === '1' || out === 'all') {
    await (out === 'all' && caller.actor ? logoutEverywhere(deps, caller) : logout(deps, caller));
    throw redirect('/', { headers: { 'Set-Cookie': clearedSessionCookieHeader(secure) } });
  }
  const form = await request.formData();
  const loginid = String(form.get('loginid') ?? '');
  const passwd = String(form.get('passwd') ?? '');
  const next = safeReturnPath(String(form.get('next') ?? '/'));
  // SPEC §5: the id first, then the password.
  if (!loginid.trim()) return data({ error: Messages.loginIdRequired, loginid }, { status: 400 });
  if (!passwd) return data({ error: Messages.passwordRequired, loginid }, { status: 400 });
  try {
    // Rate limits count per client address: the one the server trusts, not any header sent.
    const { token } = await login(deps, context.get(pageContext).caller, parseInput(LoginSchema, { loginid, passwd }));
    throw redirect(next, { headers: { 'Set-Cookie': sessionCookieHeader(token, secure) } });
  } catch (err) {
    const status = statusOf(err);
    // The dialog's words: SPEC §8's failure, with the tries left or the wait when the server says.
    if (status) {
      const { key, message } = err as { key: string; message: string };
      return data({ error: failureMessage('login', { message: key, detail: message }), loginid }, { status });
    }
    throw err;
  }
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '로그인') }] : [];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <Link to="/" className="text-center text-2xl font-extrabold text-brand-700">
        {loaderData.siteName}
      </Link>
      <Form method="post" className="mt-8 space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" noValidate>
        <h1 className="text-xl font-bold">로그인</h1>
        <input type="hidden" name="next" value={loaderData.next} />
        <div>
          <label htmlFor="loginid" className="block text-sm font-medium text-slate-700">
            아이디(이메일)
          </label>
          <input
            id="loginid"
            name="loginid"
            type="email"
            autoComplete="username"
            defaultValue={actionData?.loginid ?? ''}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2.5"
          />
        </div>
        <div>
          <label htmlFor="passwd" className="block text-sm font-medium text-slate-700">
            비밀번호
          </label>
          <input
            id="passwd"
            name="passwd"
            type="password"
            autoComplete="current-password"
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2.5"
          />
        </div>
        {actionData?.error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {actionData.error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-brand-600 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          로그인
        </button>
      </Form>
      <p className="mt-5 flex justify-center gap-4 text-sm">
        <button type="button" onClick={() => openLogin({ tab: 1 })} className="font-semibold text-brand-700 underline">
          회원가입
        </button>
        <span aria-hidden="true" className="text-slate-300">
          |
        </span>
        <button type="button" onClick={() => openLogin({ tab: 2 })} className="font-semibold text-brand-700 underline">
          비밀번호 찾기
        </button>
      </p>
      <noscript>
        <p className="mt-3 text-center text-sm text-slate-600">회원가입과 비밀번호 찾기는 JavaScript를 켜야 이용할 수 있습니다.</p>
      </noscript>
    </main>
  );
}
