import { Form } from 'react-router';
import type { NotificationRecord } from '#shared/api.ts';
import { formatRelativeTime } from '#shared/format.ts';
import { noticeSentence } from '#shared/notifications.ts';

// 알림: newest first, unread ones marked. Each entry is a plain link through
// /mypage/notifications/<id>, which marks it read and leads to the item: a whole page load, so
// the header's count is the server's, with or without JavaScript.

export function NotificationList({ items, timeZone, now }: { items: NotificationRecord[]; timeZone: string; now: string }) {
  const at = new Date(now);
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {items.map((n) => (
        <li key={n.id} className={n.read ? '' : 'bg-brand-50/60'}>
          <a href={`/mypage/notifications/${n.id}`} className="flex gap-3 px-4 py-3 hover:bg-slate-50">
            <span aria-hidden="true" className={`mt-2 size-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-red-600'}`} />
            <span className="min-w-0 flex-1">
              <span className={`block break-words ${n.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
                {n.read ? null : <span className="sr-only">읽지 않음: </span>}
                {noticeSentence(n.kind, n.actor, n.keyword)}
              </span>
              <span className="block break-words text-slate-600">{n.title}</span>
              <time dateTime={n.created} className="block text-sm whitespace-nowrap text-slate-500">
                {formatRelativeTime(n.created, timeZone, at)}
              </time>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** 모두 읽음: a form, so it works without JavaScript too. */
export function ReadAllForm() {
  return (
    <Form method="post" action="/mypage/notifications">
      <input type="hidden" name="intent" value="read-all" />
      <button
        type="submit"
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-semibold whitespace-nowrap hover:bg-slate-50"
      >
        모두 읽음
      </button>
    </Form>
  );
}
