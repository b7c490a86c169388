import { fakerKO as faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { SectionTable } from '#shared/schemas/content.ts';
import type { Database } from '#server/db/database.ts';
import { laterDates } from './dates.ts';
import type { Member, Seeder } from './seeder.ts';

/** Up to `max` members other than `except` (the author): who likes an item. */
export function someMembers(s: Seeder, max: number, except: number): Member[] {
  return faker.helpers.arrayElements(
    s.members.filter((m) => m.id !== except),
    { min: 0, max },
  );
}

/** The likes of one item, each given in the days after `after`. */
export async function addLikes(s: Seeder, target: SectionTable, item: number, likers: Member[], after: string): Promise<void> {
  if (likers.length === 0) return;
  const dates = laterDates(after, likers.length, s.now);
  await s.db
    .insertInto('likes')
    .values(likers.map((m, i) => ({ target, item, user: m.id, date: dates[i]! })))
    .execute();
  s.counts.likes! += likers.length;
}

/** A job, a business listing or a home written by `author` on `date`, with its likes: the row takes the
 * like count, the author and the date; the rest of its values are the caller's. */
export async function addLikedItem<T extends 'jobs' | 'business' | 'housing'>(
  s: Seeder,
  target: T,
  values: Omit<Insertable<Database[T]>, 'like' | 'name' | 'user' | 'date'>,
  author: Member,
  likers: Member[],
  date: string,
): Promise<void> {
  const row = { ...values, like: likers.length, name: author.nickname, user: author.id, date };
  const { id } = await s.db
    .insertInto(target)
    .values(row as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await addLikes(s, target, id, likers, date);
}
