import { getUser } from '#server/modules/user/user.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { ShortcutSetting } from '../components/ui/shortcut-setting.tsx';
import { pageContext } from '../entry.server.tsx';
import { LeaveSite, type MyInfo, PasswordForm, ProfileForm, LogoutEverywhere } from '../features/mypage/myinfo-forms.tsx';
import { NotificationSettingsBox } from '../features/mypage/notification-settings.tsx';
import { getMailSettings } from '#server/modules/notification/notification.service.ts';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/mypage-myinfo.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const { item } = await getUser(deps, caller, actor.id);
  const me: MyInfo = { id: item.id, loginid: item.loginid, name: item.name, nickname: item.nickname, tel: item.tel, hp: item.hp };
  const notificationMail = {
    ...(await getMailSettings(deps, caller)),
    saved: new URL(request.url).searchParams.get('saved') === 'notification-mail',
  };
  return { siteName: deps.env.SITE_NAME, me, notificationMail };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '내 정보') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame title="내 정보" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '내 정보' }]}>
      <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
        {/* Keyed by the saved values, so a save that changed them shows the stored text. */}
        <ProfileForm key={`${d.me.name}|${d.me.nickname}|${d.me.tel}|${d.me.hp}`} me={d.me} />
        <div className="min-w-0 space-y-6">
          <PasswordForm id={d.me.id} />
          <section aria-labelledby="myinfo-settings" className="space-y-2">
            <h2 id="myinfo-settings" className="text-lg font-bold">
              화면 설정
            </h2>
            <ShortcutSetting />
          </section>
          <NotificationSettingsBox {...d.notificationMail} />
          <LogoutEverywhere />
          <LeaveSite id={d.me.id} />
        </div>
      </div>
    </SectionFrame>
  );
}
