import { TopCategory } from '#shared/enums.ts';
import { type ReportReason, Visibility } from '#shared/reports.ts';
import { regulars, type Seeder } from './seeder.ts';

/** Reports on two old posts, so a new operator finds /admin/report with work in it: a market
 * listing that three members reported as fraud (held for review, as REPORT_HIDE_AT's default
 * would hold it) and a community post with two reports, still shown. */
const DEMO_REPORTS: { topcategory: number; hide: boolean; reports: { reason: ReportReason; detail: string }[] }[] = [
  {
    topcategory: TopCategory.market,
    hide: true,
    reports: [
      { reason: 'fraud', detail: '선입금을 요구하고 연락이 끊겼습니다' },
      { reason: 'fraud', detail: '' },
      { reason: 'spam', detail: '' },
    ],
  },
  {
    topcategory: TopCategory.community,
    hide: false,
    reports: [
      { reason: 'abuse', detail: '' },
      { reason: 'other', detail: '같은 내용이 여러 번 올라왔어요' },
    ],
  },
];

export async function addReports(s: Seeder): Promise<void> {
  let added = 0;
  for (const demo of DEMO_REPORTS) {
    const post = await s.db
      .selectFrom('board')
      .select(['id', 'user', 'date'])
      .where('topcategory', '=', demo.topcategory)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!post) continue;
    const reporters = regulars(s).filter((m) => m.id !== post.user);
    const rows = demo.reports.slice(0, reporters.length).map((r, i) => ({
      target: 'board',
      item: post.id,
      user: (reporters[i] as { id: number }).id,
      ...r,
      date: new Date(s.now - (i + 1) * 3_600_000).toISOString(),
    }));
    if (!rows.length) continue;
    await s.db.insertInto('reports').values(rows).execute();
    if (demo.hide) await s.db.updateTable('board').set({ hidden: Visibility.review }).where('id', '=', post.id).execute();
    added += rows.length;
  }
  s.counts.reports = added;
}
