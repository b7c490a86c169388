import type { Actor, Deps } from '#server/context.ts';
import { consume, WRITE_LIMITS, type WriteAction, type WriteTier } from '#server/lib/rate-limit.ts';
import { UserLevel } from '#shared/enums.ts';
import { waitText } from '#shared/messages.ts';

// How much a member may write per minute and per day (security review: 30 posts and 30 comments
// in a few seconds all went through, a burst made ~1,200 posts). Checked after the input is
// valid, so a typo costs nothing. Staff and admins are exempt: an admin made them so, and
// editing news or the FAQ and moderating are writing in bulk.

const DAY_MS = 86_400_000;

const TOPIC: Record<WriteAction, string> = {
  post: '글은',
  comment: '댓글은',
  like: '좋아요는',
  upload: '사진은',
  report: '신고는',
  conversation: '새 대화는',
  message: '메시지는',
};
const VERB: Record<WriteAction, string> = {
  post: '올릴',
  comment: '달',
  like: '누를',
  upload: '올릴',
  report: '할',
  conversation: '시작할',
  message: '보낼',
};

/** An account younger than a day writes under the newcomer budget: a fresh throwaway account is
 * where spam comes from. Actors the server makes itself carry no date and count as established. */
function tierOf(actor: Actor, now: number): WriteTier {
  return actor.joined && now - Date.parse(actor.joined) < DAY_MS ? 'newcomer' : 'established';
}

/** Counts `count` writes of one kind against the actor's budget, or refuses them all with a 429
 * whose Retry-After and Korean detail say when to try again. */
export async function spendWriteAllowance(deps: Deps, actor: Actor, action: WriteAction, count = 1): Promise<void> {
  if (!deps.env.WRITE_LIMITS || actor.level >= UserLevel.manager) return;
  const tier = tierOf(actor, Date.now());
  const limiters = deps.limits.writes[action][tier];
  const budget = WRITE_LIMITS[action][tier];
  const first = tier === 'newcomer' ? '가입 첫날에는 ' : '';
  const said = (window: string, n: number) => (seconds: number) =>
    `${first}${TOPIC[action]} ${window} ${n}개까지 ${VERB[action]} 수 있습니다. ${waitText(seconds)} 후에 다시 시도하세요`;
  const key = String(actor.id);
  await consume([limiters.minute, key, count, said('1분에', budget.minute)], [limiters.day, key, count, said('하루에', budget.day)]);
}
