import { Link } from '../components/ui/link.tsx';
import { listContent } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs, buttonClass } from '../features/admin/admin-ui.tsx';
import { ScheduleList } from '../features/admin/schedule-admin.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/admin-mainschedule.ts';

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  // The index shows a handful: one page of 100 in the admins' order holds them all.
  const list = await listContent(deps, 'mainschedule', caller, { sort: 'sortorder', size: 100 });
  return { siteName: deps.env.SITE_NAME, items: list.items };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '메인 일정 관리') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame
      title="메인 일정 관리"
      crumbs={[{ label: '관리자', to: '/admin' }, { label: '메인 일정 관리' }]}
      actions={
        <Link to="/admin/mainschedule/write" className={buttonClass.primary}>
          일정 등록
        </Link>
      }
    >
      <AdminTabs />
      <p className="mb-4 text-slate-600">
        첫 화면에 보이는 행사 일정을 보여줄 순서대로 관리합니다. 사용안함인 일정은 첫 화면에 나오지 않습니다.
      </p>
      <ScheduleList items={d.items} />
    </SectionFrame>
  );
}
