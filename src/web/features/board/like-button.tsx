import { useState } from 'react';
import type { LikeTarget } from '#shared/schemas/content.ts';
import { openLogin } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';

/** PRODUCT.md likes: members only (visitors get the login dialog), toggled. The count moves at
 * once and is then set to the server's exact count from POST /api/like. */
export function LikeButton({
  target,
  item,
  liked: initialLiked,
  count: initialCount,
  signedIn,
}: {
  target: LikeTarget;
  item: number;
  liked: boolean;
  count: number;
  signedIn: boolean;
}) {
  const [liked, setLiked] = useState(initialLiked);
  const [count, setCount] = useState(initialCount);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!signedIn) return openLogin();
    const before = { liked, count };
    setLiked(!liked);
    setCount(count + (liked ? -1 : 1));
    setBusy(true);
    const answer = await api.post<{ liked: boolean; like: number }>('/like', { target, item });
    setBusy(false);
    if (answer.code === 'ok') {
      setLiked(answer.liked);
      setCount(answer.like);
    } else {
      setLiked(before.liked);
      setCount(before.count);
      reportFailure(answer);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={liked}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold ${
        liked ? 'border-rose-300 bg-rose-50 text-rose-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
      }`}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
      좋아요 <span data-testid="like-count">{count.toLocaleString('en-US')}</span>
    </button>
  );
}
