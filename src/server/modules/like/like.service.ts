import { AppError } from '#shared/errors.ts';
import { spendWriteAllowance } from '#server/modules/auth/write-limits.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { z } from 'zod';
import {
  type LikeStatusQuerySchema,
  type LikeTarget,
  LikeTargets,
  type LikeToggleSchema,
  type MyLikesQuerySchema,
} from '#shared/schemas/content.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import type { Caller, Deps } from '#server/context.ts';
import { likeChanges } from '#server/modules/content/content.shows.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { nowIso } from '#server/lib/clock.ts';
import { maySee } from '#server/modules/report/visibility.policy.ts';
import {
  addItemLikes,
  deleteLike,
  deleteLikesOfItems,
  findItem,
  insertLike,
  likedItems,
  listLikesOfUser,
  titlesOf,
} from './like.repository.ts';
import type { Executor } from '#server/db/database.ts';

type LikeInput = z.output<typeof LikeToggleSchema>;

// PRODUCT.md, likes: members only, one per user per item, toggled; the item's count moves in the
// same transaction as the like row, so it stays exact under concurrent clicks.

async function requireVisibleItem(deps: Deps, caller: Caller, target: (typeof LikeTargets)[number], item: number) {
  const row = await findItem(deps.db, target, item);
  if (!row || !maySee(caller.actor, { hidden: row.hidden, user: row.user })) throw new AppError(404, ErrorKey.notFound, { field: 'item' });
}

/** POST /api/like: likes the item, or takes the like back if it was there. */
export async function toggleLike(deps: Deps, caller: Caller, { target, item }: LikeInput): Promise<{ liked: boolean; like: number }> {
  const actor = requireActor(caller.actor);
  await requireVisibleItem(deps, caller, target, item);
  await spendWriteAllowance(deps, actor, 'like');
  return writesShowOnly(likeChanges(target, item), () =>
    deps.db.transaction().execute(async (trx) => {
      if (await deleteLike(trx, target, item, actor.id)) return { liked: false, like: await addItemLikes(trx, target, item, -1) };
      const added = await insertLike(trx, target, item, actor.id, nowIso());
      const row = added ? await addItemLikes(trx, target, item, 1) : Number((await findItem(trx, target, item))?.like ?? 0);
      return { liked: true, like: row };
    }),
  );
}

/** DELETE /api/like: takes a like back (my page's remove button); no error if it was not there. */
export async function removeLike(deps: Deps, caller: Caller, { target, item }: LikeInput): Promise<{ liked: false; like: number }> {
  const actor = requireActor(caller.actor);
  await spendWriteAllowance(deps, actor, 'like');
  return writesShowOnly(likeChanges(target, item), () =>
    deps.db.transaction().execute(async (trx) => {
      const removed = await deleteLike(trx, target, item, actor.id);
      const like = removed ? await addItemLikes(trx, target, item, -1) : Number((await findItem(trx, target, item))?.like ?? 0);
      return { liked: false as const, like };
    }),
  );
}

/** GET /api/like: what I liked, newest first, with each item's title (for my page). */
export async function listMyLikes(deps: Deps, caller: Caller, params: z.output<typeof MyLikesQuerySchema>) {
  const actor = requireActor(caller.actor);
  const { items, total } = await listLikesOfUser(deps.db, actor.id, params.target, params.page, params.size);
  const details = new Map<string, Record<string, unknown>>();
  for (const target of LikeTargets) {
    const ids = items.filter((i) => i.target === target).map((i) => i.item);
    for (const { hidden, user, ...row } of await titlesOf(deps.db, target, ids)) {
      // A held or hidden item keeps its place in my list, without its title or image.
      const seen = maySee(actor, { hidden, user });
      details.set(`${target}:${row.id}`, seen ? row : 'topcategory' in row ? { topcategory: row.topcategory } : {});
    }
  }
  return {
    items: items.map((i) => ({ ...i, ...details.get(`${i.target}:${i.item}`), id: i.id, item: i.item })),
    total,
    page: params.page,
    size: params.size,
  };
}

/** GET /api/like/status?target=board&items=1,2,3: which of these I liked. */
export async function likeStatus(deps: Deps, caller: Caller, { target, items }: z.output<typeof LikeStatusQuerySchema>) {
  const actor = requireActor(caller.actor);
  return { liked: await likedItems(deps.db, actor.id, target, items) };
}

/** An item is deleted: its likes go with it. */
export function forgetLikes(db: Executor, target: LikeTarget, ids: number[]): Promise<void> {
  return deleteLikesOfItems(db, target, ids);
}
