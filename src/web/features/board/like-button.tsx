import { useState } from 'react';
import type { LikeTarget } from '#shared/schemas/content.ts';
import { LoginLink } from '../../components/ui/login-link.tsx';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { RefusalNote } from './refusal-note.tsx';
import type { Me } from '../../lib/me.ts';
import { Personal } from '../../components/personal/personal.tsx';

interface LikeProps {
  target: LikeTarget;
  item: number;
  /** The item's page, where the form posts. */
  path: string;
  count: number;
  /** Whether the member likes it, when the page's loader ran for them; otherwise `me.liked` says,
   * as the server filled it in (a shared page). */
  liked?: boolean;
  /** Why the page's action refused the last like (without JavaScript). */
  refusal?: string;
  [key: string]: unknown;
}

/** PRODUCT.md likes: members only, toggled. A personal part (components/personal): the like state
 * is the member's. */
export function LikeButton(props: LikeProps) {
  return <Personal name="like" view={LikeControl} props={props} />;
}

/** A member's button is a form that posts to the page (its action toggles without JavaScript);
 * with the app the count moves at once and is then set to the server's exact count from
 * POST /api/like. A visitor gets a link to log in. */
export function LikeControl({ me, ...props }: LikeProps & { me: Me | null }) {
  const liked = props.liked ?? me?.liked?.includes(`${props.target}:${props.item}`) ?? false;
  // A login on the page draws the member's button afresh.
  return <LikeForm key={me?.id ?? 0} {...props} liked={liked} signedIn={me !== null} />;
}

function LikeForm({
  target,
  item,
  path,
  liked: initialLiked,
  count: initialCount,
  signedIn,
  refusal,
}: LikeProps & { liked: boolean; signedIn: boolean }) {
  const [liked, setLiked] = useState(initialLiked);
  const [count, setCount] = useState(initialCount);
  const [busy, setBusy] = useState(false);

  async function toggle() {
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

  const look = `inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold ${
    liked ? 'border-rose-300 bg-rose-50 text-rose-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
  }`;
  const label = (
    <>
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
      좋아요 <span data-testid="like-count">{count.toLocaleString('en-US')}</span>
    </>
  );
  if (!signedIn) {
    return (
      <LoginLink next={`${path}#like`} className={look}>
        {label}
        <span className="sr-only">(로그인 필요)</span>
      </LoginLink>
    );
  }
  return (
    <>
      <form
        method="post"
        action={`${path}#like`}
        onSubmit={(event) => {
          event.preventDefault();
          void toggle();
        }}
      >
        <input type="hidden" name="intent" value="like" />
        <button id="like" type="submit" disabled={busy} aria-pressed={liked} className={`scroll-mt-24 ${look}`}>
          {label}
        </button>
      </form>
      <RefusalNote message={refusal} />
    </>
  );
}
