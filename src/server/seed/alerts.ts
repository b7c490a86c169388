import { alertKey } from '#server/modules/alert/alert-match.ts';
import { regulars, type Seeder } from './seeder.ts';

/** Keywords the first few members follow, so /mypage/alerts shows what the feature is for. */
const DEMO_ALERTS: { keyword: string; section: string; mail: string }[][] = [
  [
    { keyword: '렌트', section: '', mail: 'daily' },
    { keyword: '간호사', section: 'jobs', mail: 'instant' },
  ],
  [
    { keyword: '중고차', section: 'market', mail: 'none' },
    { keyword: '한식', section: '', mail: 'daily' },
  ],
  [{ keyword: '세금 보고', section: 'news', mail: 'none' }],
];

export async function addAlerts(s: Seeder): Promise<void> {
  const members = regulars(s);
  const rows = DEMO_ALERTS.flatMap((alerts, i) => {
    const user = members[i]?.id;
    if (user === undefined) return [];
    return alerts.map((a) => ({ ...a, user, key: alertKey(a.keyword), date: new Date(s.now).toISOString() }));
  });
  if (!rows.length) return;
  await s.db.insertInto('alerts').values(rows).execute();
  await s.db
    .insertInto('alert_words')
    .values(rows.map((r) => ({ keyword: r.keyword, key: r.key })))
    .onConflict((oc) => oc.column('keyword').doNothing())
    .execute();
  s.counts.alerts = rows.length;
}
