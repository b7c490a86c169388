import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { addDays, spreadDates } from './dates.ts';
import { SCHEDULE } from './demo-data/schedule.ts';
import type { Seeder } from './seeder.ts';

/** The main page's schedule, by the editorial desk, sorted as the templates are. */
export async function addSchedule(s: Seeder, today: string): Promise<void> {
  const dates = spreadDates(SCHEDULE.length, s.now);
  await s.db
    .insertInto('mainschedule')
    .values(
      SCHEDULE.map((t, i) => ({
        title: t.title,
        content: sanitizeRichText(t.body),
        startdate: addDays(today, t.inDays),
        enddate: t.weekday ? '' : addDays(today, t.inDays + (t.days ?? 1) - 1),
        starttime: t.time[0],
        endtime: t.time[1],
        location: t.location,
        url: '',
        category: t.category,
        weekday: t.weekday ?? 0,
        status: 1,
        sortorder: i + 1,
        name: s.editor.nickname,
        user: s.editor.id,
        date: dates[i]!,
      })),
    )
    .execute();
  s.counts.mainschedule = SCHEDULE.length;
}
