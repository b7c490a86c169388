import { useNavigate } from 'react-router';
import { LoginLink } from '../../components/ui/login-link.tsx';
import { reportFailure } from '../../lib/api-failure.ts';
import { forMembers, forVisitors } from '../../lib/me.ts';
import { withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';

/** Whom a conversation is with: about an item (채팅하기) or with a member directly (쪽지 보내기). */
export type ChatWith = { target: string; item: number } | { user: number };

/** 채팅하기 / 쪽지 보내기 on a shared page: both forms are in it, `#me-style` shows one. A member's
 * is a form that posts to /messages (its action starts the conversation without JavaScript); with
 * the app it calls POST /api/conversation and opens the conversation. A visitor's is a link to log
 * in that comes back to `here` (the login dialog with the app). */
export function StartChat({ with: to, here, label, className }: { with: ChatWith; here: string; label: string; className: string }) {
  const navigate = useNavigate();
  async function start() {
    const answer = await withLoading(api.post<{ id: number }>('/conversation', to));
    if (answer.code !== 'ok') return reportFailure(answer);
    navigate(`/messages/${answer.id}`);
  }
  return (
    <>
      <span {...forVisitors} className="contents">
        <LoginLink next={here} className={className}>
          {label}
        </LoginLink>
      </span>
      <form
        {...forMembers}
        method="post"
        action="/messages"
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <input type="hidden" name="intent" value="start" />
        {Object.entries(to).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={className}>
          {label}
        </button>
      </form>
    </>
  );
}
