import { redirect } from 'react-router';
import { MailSettingKinds, PushKinds } from '#shared/notifications.ts';
import { NotificationListQuerySchema, NotificationSettingsSchema } from '#shared/schemas/notification.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import {
  getNotificationSettings,
  listNotifications,
  markRead,
  setNotificationSettings,
} from '#server/modules/notification/notification.service.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { NotificationList, ReadAllForm } from '../features/mypage/notification-list.tsx';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { orPageError } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/mypage-notifications.ts';

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  const list = await orPageError(async () =>
    listNotifications(deps, caller, { ...parseInput(NotificationListQuerySchema, { page }), size: PAGE_SIZE }),
  );
  return {
    siteName: deps.env.SITE_NAME,
    timeZone: deps.env.SITE_TIMEZONE,
    // One clock for the server's render and the hydrated page: "3분 전" reads the same in both.
    now: new Date().toISOString(),
    ...list,
  };
}

/** 모두 읽음 here, and the e-mail and push choices of 내 정보's boxes: plain form posts, back to their page. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const form = await request.formData();
  if (form.get('intent') === 'mail-settings') {
    const mail = form.getAll('mail').filter((k) => MailSettingKinds.includes(k as never));
    await orPageError(async () => setNotificationSettings(deps, caller, parseInput(NotificationSettingsSchema, { mail })));
    throw redirect('/mypage/myinfo?saved=notification-mail#notification-settings');
  }
  if (form.get('intent') === 'push-settings') {
    const { mail } = await getNotificationSettings(deps, caller);
    const push = form.getAll('push').filter((k) => PushKinds.includes(k as never));
    const [from, to] = [form.get('quiet_from'), form.get('quiet_to')];
    const quiet = from || to ? { from, to } : null;
    await orPageError(async () => setNotificationSettings(deps, caller, parseInput(NotificationSettingsSchema, { mail, push, quiet })));
    throw redirect('/mypage/myinfo?saved=push#push-settings');
  }
  await markRead(deps, caller, { all: true });
  throw redirect('/mypage/notifications');
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '알림') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame title="알림" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '알림' }]}>
      {d.total === 0 ? (
        <EmptyState title="알림이 없습니다">내 글에 댓글이나 답글이 달리거나 문의에 답변이 오면 이곳에서 알려 드립니다.</EmptyState>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-600">
              읽지 않은 알림 <strong className="text-brand-700">{d.unread}</strong>건 · 전체 {d.total}건
            </p>
            {d.unread > 0 ? <ReadAllForm /> : null}
          </div>
          <NotificationList items={d.items} timeZone={d.timeZone} now={d.now} />
          <Pagination page={d.page} size={PAGE_SIZE} total={d.total} href={(p) => `/mypage/notifications?page=${p}`} />
        </>
      )}
    </SectionFrame>
  );
}
