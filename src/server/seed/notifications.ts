import { commentPath } from '#shared/site.ts';
import type { Insertable } from 'kysely';
import type { Executor, NotificationsTable } from '#server/db/database.ts';
import { recipientsOf } from '#server/modules/notification/notification.policy.ts';
import type { Seeder } from './seeder.ts';

/** How many of each member's newest notifications are left unread. */
const UNREAD = 3;

/** The notifications the seeded comments and answers would have made, under the same rule (never
 * the actor, a reply's comment author first): read, but for each member's newest few. */
export async function addNotifications(s: Seeder): Promise<void> {
  const comments = await s.db
    .selectFrom('comment as c')
    .innerJoin('board as b', 'b.id', 'c.board')
    .leftJoin('comment as p', 'p.id', 'c.parent')
    .select(['c.id', 'c.user', 'c.date', 'b.id as post', 'b.user as author', 'b.title', 'b.topcategory', 'p.user as parentAuthor'])
    .execute();
  const rows = comments.flatMap((c) =>
    recipientsOf(c.user, [
      { user: c.parentAuthor ?? 0, kind: 'reply' },
      { user: c.author, kind: 'comment' },
    ]).map((r) => ({
      user: r.user,
      kind: r.kind,
      target: 'comment',
      item: c.id,
      actor: c.user,
      title: c.title,
      link: commentPath(c.topcategory, c.post, c.id),
      date: c.date,
    })),
  );
  const answered = await s.db.selectFrom('inquiry').select(['id', 'user', 'title', 'updatedate']).where('answer', '<>', '').execute();
  for (const q of answered) {
    const link = `/mypage/inquiry#inquiry-${q.id}`;
    rows.push({
      user: q.user,
      kind: 'answer',
      target: 'inquiry',
      item: q.id,
      actor: s.editor.id,
      title: q.title,
      link,
      date: q.updatedate,
    });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date));
  // Newest last: a member's last UNREAD rows stay unread.
  const left = new Map<number, number>();
  const withRead = rows.reverse().map((r) => {
    const n = left.get(r.user) ?? 0;
    left.set(r.user, n + 1);
    return { ...r, readdate: n < UNREAD ? '' : r.date };
  });
  await insertInChunks(s.db, withRead.reverse());
  s.counts.notifications = withRead.length;
}

async function insertInChunks(db: Executor, rows: Insertable<NotificationsTable>[]): Promise<void> {
  // Well under SQLite's 32,766 parameters a statement: 10 columns, 500 rows.
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('notifications')
      .values(rows.slice(i, i + 500))
      .execute();
}
