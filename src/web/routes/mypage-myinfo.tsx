import { data, redirect } from 'react-router';
import { UserUpdateSchema } from '#shared/schemas/user.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { clearedSessionCookieHeader, sessionCookieHeader } from '#server/http/session-cookie.ts';
import { reissueToken } from '#server/modules/auth/auth.service.ts';
import { getUser, removeUser, updateUserRecord } from '#server/modules/user/user.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { ShortcutSetting } from '../components/ui/shortcut-setting.tsx';
import { pageContext } from '../entry.server.tsx';
import {
  INTENT,
  LeaveSite,
  leaveProblems,
  LogoutEverywhere,
  type MyInfo,
  PasswordForm,
  passwordOf,
  passwordProblems,
  ProfileForm,
  profileOf,
  profileProblems,
  refusalProblems,
} from '../features/mypage/myinfo-forms.tsx';
import { statusOf } from '../lib/service-errors.server.ts';
import { NotificationSettingsBox } from '../features/mypage/notification-settings.tsx';
import { PushSettingsBox } from '../features/mypage/push-settings.tsx';
import { getNotificationSettings } from '#server/modules/notification/notification.service.ts';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/mypage-myinfo.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const { item } = await getUser(deps, caller, actor.id);
  const me: MyInfo = { id: item.id, loginid: item.loginid, name: item.name, nickname: item.nickname, tel: item.tel, hp: item.hp };
  const { mail, push, quiet } = await getNotificationSettings(deps, caller);
  const saved = new URL(request.url).searchParams.get('saved');
  const notificationMail = { mail, saved: saved === 'notification-mail' };
  const pushSettings = { push, quiet, saved: saved === 'push' };
  return { siteName: deps.env.SITE_NAME, me, notificationMail, pushSettings };
}

/** The profile, the password or the leave form sent without JavaScript: the forms' own checks,
 * then the same service as PUT (DELETE) /api/user. A changed password keeps this session with a
 * fresh cookie, as the API's answer keeps it with a fresh token; leaving ends it. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller, https: secure } = context.get(pageContext);
  const form = await request.formData();
  if (form.get('intent') === INTENT.profile) {
    const typed = profileOf(form);
    const problems = profileProblems(typed);
    if (Object.keys(problems).length > 0) return data({ intent: INTENT.profile, typed, problems }, { status: 400 });
    try {
      await updateUserRecord(deps, caller, parseInput(UserUpdateSchema, { id: actor.id, ...typed }));
    } catch (err) {
      return refused(err, { intent: INTENT.profile, typed }, 'name');
    }
    throw redirect('/mypage/myinfo');
  }
  if (form.get('intent') === INTENT.leave) {
    const problems = leaveProblems(form);
    if (Object.keys(problems).length > 0) return data({ intent: INTENT.leave, problems }, { status: 400 });
    try {
      await removeUser(deps, caller, actor.id, String(form.get('passwd')));
    } catch (err) {
      return refused(err, { intent: INTENT.leave }, 'passwd');
    }
    throw redirect('/', { headers: { 'Set-Cookie': clearedSessionCookieHeader(secure) } });
  }
  const typed = passwordOf(form);
  const problems = passwordProblems(typed);
  if (Object.keys(problems).length > 0) return data({ intent: INTENT.password, problems }, { status: 400 });
  try {
    await updateUserRecord(
      deps,
      caller,
      parseInput(UserUpdateSchema, { id: actor.id, passwd: typed.passwd, currentpasswd: typed.currentpasswd }),
    );
  } catch (err) {
    return refused(err, { intent: INTENT.password }, 'passwd');
  }
  const token = await reissueToken(deps, actor);
  return data(
    { intent: INTENT.password, done: true as const },
    token ? { headers: { 'Set-Cookie': sessionCookieHeader(token, secure) } } : {},
  );
}

/** A service's refusal under the field it concerns; faults are thrown on. */
function refused<T extends object>(err: unknown, sent: T, fallback: string) {
  const status = statusOf(err);
  if (!status || status >= 500) throw err;
  const { key, field, message } = err as { key: string; field?: string; message: string };
  return data({ ...sent, problems: refusalProblems({ message: key, field, detail: message }, fallback) }, { status });
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '내 정보') }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <SectionFrame title="내 정보" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '내 정보' }]}>
      <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
        {/* Keyed by the saved values, so a save that changed them shows the stored text. */}
        <ProfileForm key={`${d.me.name}|${d.me.nickname}|${d.me.tel}|${d.me.hp}`} me={d.me} sent={actionData} />
        <div className="min-w-0 space-y-6">
          <PasswordForm id={d.me.id} sent={actionData} />
          <section aria-labelledby="myinfo-settings" className="space-y-2">
            <h2 id="myinfo-settings" className="text-lg font-bold">
              화면 설정
            </h2>
            <ShortcutSetting />
          </section>
          <NotificationSettingsBox {...d.notificationMail} />
          <PushSettingsBox {...d.pushSettings} />
          <LogoutEverywhere />
          <LeaveSite id={d.me.id} sent={actionData} />
        </div>
      </div>
    </SectionFrame>
  );
}
