import { systemReport } from '#server/modules/system/system.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { SystemPanels } from '../features/admin/system-panels.tsx';
import { requireRootPage } from '../lib/page-guards.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/admin-system.ts';

export async function loader({ context }: Route.LoaderArgs) {
  requireRootPage(context);
  const { deps, caller } = context.get(pageContext);
  return { siteName: deps.env.SITE_NAME, timeZone: deps.env.SITE_TIMEZONE, report: await systemReport(deps, caller) };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '시스템') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame title="시스템" crumbs={[{ label: '관리자', to: '/admin' }, { label: '시스템' }]}>
      <AdminTabs />
      <SystemPanels report={d.report} timeZone={d.timeZone} />
    </SectionFrame>
  );
}
