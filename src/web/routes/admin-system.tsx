import { backupRunning, listBackups, startBackup } from '#server/modules/backup/backup.service.ts';
import { systemReport } from '#server/modules/system/system.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { BackupPanel, SystemPanels } from '../features/admin/system-panels.tsx';
import { requireRootPage } from '../lib/page-guards.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/admin-system.ts';

/** The backups the page lists: the newest few (all are in DATA_DIR/backups). */
const BACKUPS_SHOWN = 10;

export async function loader({ context }: Route.LoaderArgs) {
  requireRootPage(context);
  const { deps, caller } = context.get(pageContext);
  const backups = (await listBackups(deps))
    .slice(0, BACKUPS_SHOWN)
    .map(({ name, created, kind, bytes, seconds }) => ({ name, created, kind, bytes, seconds }));
  return {
    siteName: deps.env.SITE_NAME,
    timeZone: deps.env.SITE_TIMEZONE,
    report: await systemReport(deps, caller),
    backups,
    backupRunning: backupRunning(deps),
  };
}

/** 지금 백업: started in a process of its own; the page says whether it started. */
export async function action({ context }: Route.ActionArgs) {
  requireRootPage(context);
  const { deps } = context.get(pageContext);
  const { started } = startBackup(deps);
  return { notice: started ? '백업을 시작했습니다. 끝나면 목록에 나타납니다' : '이미 백업 중입니다' };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '시스템') }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <SectionFrame title="시스템" crumbs={[{ label: '관리자', to: '/admin' }, { label: '시스템' }]}>
      <AdminTabs />
      <SystemPanels report={d.report} timeZone={d.timeZone}>
        <BackupPanel backups={d.backups} running={d.backupRunning} notice={actionData?.notice} timeZone={d.timeZone} />
      </SystemPanels>
    </SectionFrame>
  );
}
