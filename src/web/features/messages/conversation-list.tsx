import { formatRelativeTime } from '#shared/format.ts';
import { STRETCHED_LINK } from '../../components/ui/card-link.tsx';
import { CardMemberName } from '../../components/ui/member-name.tsx';

/** A conversation as /messages lists it (GET /api/conversation's items). */
export interface ConversationRow {
  id: number;
  other: { id: number; nickname: string };
  title: string;
  last: { content: string; date: string; user: number } | null;
  unread: number;
}

/** 쪽지: my conversations, the latest activity first. Each is a plain link to its page, which
 * marks it read: with or without JavaScript, the header's count is the server's afterwards. The
 * other member's nickname, above the row's link, opens their profile. */
export function ConversationList({ items, me, timeZone, now }: { items: ConversationRow[]; me: number; timeZone: string; now: string }) {
  const at = new Date(now);
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {items.map((c) => (
        <li key={c.id} className={`relative hover:bg-slate-50 ${c.unread > 0 ? 'bg-brand-50/60' : ''}`}>
          <div className="flex gap-3 px-4 py-3">
            <span className="min-w-0 flex-1">
              <span className={`block truncate ${c.unread > 0 ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}`}>
                <CardMemberName user={c.other.id} name={c.other.nickname} />
              </span>
              <a href={`/messages/${c.id}`} className={`block ${STRETCHED_LINK}`}>
                <span className="sr-only">{`${c.other.nickname}님과의 쪽지 `}</span>
                {c.title ? <span className="block truncate text-sm text-slate-500">{c.title}</span> : null}
                {c.last ? (
                  <span className={`block truncate ${c.unread > 0 ? 'text-slate-900' : 'text-slate-600'}`}>
                    {c.last.user === me ? <span className="text-slate-500">나: </span> : null}
                    {c.last.content}
                  </span>
                ) : null}
              </a>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1">
              {c.last ? (
                <time dateTime={c.last.date} className="text-sm whitespace-nowrap text-slate-500">
                  {formatRelativeTime(c.last.date, timeZone, at)}
                </time>
              ) : null}
              {c.unread > 0 ? (
                <span className="rounded-full bg-red-600 px-2 text-xs leading-5 font-bold text-white tabular-nums">
                  {c.unread > 99 ? '99+' : c.unread}
                  <span className="sr-only">개 읽지 않음</span>
                </span>
              ) : null}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
