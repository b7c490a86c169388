import type { ReportedConversation } from '#shared/reports.ts';
import { REMOVED_MEMBER } from '#shared/conversations.ts';
import { formatDateTime } from '#shared/format.ts';
import { Link } from '../../components/ui/link.tsx';

// A reported conversation on /admin/report, the one place an admin reads messages: its two
// members (each leading to 회원 관리, where accounts are acted on) and its newest messages,
// folded behind 대화 보기 so the list stays short; a <details> opens without JavaScript too.
// Messages are plain text as typed: React escapes them and nothing in them becomes a link.

/** The entry's heading: 쪽지 대화: 길동 ↔ 철수. */
export function ConversationMembers({ members }: Pick<ReportedConversation, 'members'>) {
  return (
    <>
      쪽지 대화:{' '}
      {members.map((m, i) => (
        <span key={m.id}>
          {i > 0 ? ' ↔ ' : null}
          {m.nickname === REMOVED_MEMBER ? (
            <span className="font-normal text-slate-500">{m.nickname}</span>
          ) : (
            <Link to={`/admin/user?keyword=${encodeURIComponent(m.nickname)}`} className="hover:text-brand-700 hover:underline">
              {m.nickname}
            </Link>
          )}
        </span>
      ))}
    </>
  );
}

export function ConversationMessages({ messages, more, timeZone }: Pick<ReportedConversation, 'messages' | 'more'> & { timeZone: string }) {
  return (
    <details className="group mt-3">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-lg border border-slate-300 bg-white px-4 font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">대화 보기</span>
        <span className="hidden group-open:inline">대화 접기</span>
        <span className="font-normal text-slate-500">({more ? `최근 ${messages.length}개` : messages.length})</span>
      </summary>
      {more ? <p className="mt-3 text-sm text-slate-600">이전 메시지가 더 있습니다. 최근 {messages.length}개만 보여 줍니다.</p> : null}
      {messages.length ? (
        <ol aria-label="대화 내용" className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
          {messages.map((m) => (
            <li key={m.id} className="text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <strong className="wrap-anywhere">{m.nickname}</strong>
                <time dateTime={m.date} className="whitespace-nowrap text-slate-500">
                  {formatDateTime(m.date, timeZone)}
                </time>
              </p>
              <p className="mt-0.5 whitespace-pre-wrap wrap-anywhere">{m.content}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-slate-600">남은 메시지가 없습니다.</p>
      )}
    </details>
  );
}
