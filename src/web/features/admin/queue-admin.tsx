import { useLocation, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { formatDate } from '#shared/format.ts';
import { QUEUE_ACTION_LABELS, type QueueAction, type QueueEntry, QueueMessages } from '#shared/queue.ts';
import { api } from '../../lib/session.ts';
import { buttonClass, Pager, runCalls } from './admin-ui.tsx';
import { FoundPhrases } from './found-phrases.tsx';

// /admin/queue: what waits for an admin before anyone else sees it (an account's first listings,
// money-mule offers, copied photos), oldest first, each with why and the phrases the scam checks
// found; a copied photo's other listing is shown beside it. 승인 shows it, 반려 keeps it hidden;
// its author is told either way. Each button is a form that posts to the page, whose action does
// the same without JavaScript; with the app the call goes to PUT /api/admin/queue.

export interface QueueAdminData {
  items: QueueEntry[];
  total: number;
  page: number;
  size: number;
  timeZone: string;
  /** What the page's action just did (without JavaScript). */
  done?: QueueAction;
  refusal?: { target: string; item: number; message: string };
}

const DONE: Record<QueueAction, string> = { approve: QueueMessages.approved, reject: QueueMessages.rejected };

function Linked({ title, link, fallback }: { title: string; link: string; fallback: string }) {
  const name = title || fallback;
  return link ? (
    <Link to={link} className="hover:text-brand-700 hover:underline">
      {name}
    </Link>
  ) : (
    name
  );
}

function QueueCard({ entry, data, action }: { entry: QueueEntry; data: QueueAdminData; action: string }) {
  const { revalidate } = useRevalidator();
  const refusal = data.refusal?.target === entry.target && data.refusal.item === entry.item ? data.refusal.message : undefined;
  const name = entry.title || `${entry.target} ${entry.item}`;
  const decide = (act: QueueAction) => (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        const body = { target: entry.target, item: entry.item, action: act };
        void runCalls([() => api.put('/admin/queue', body)], DONE[act], revalidate);
      }}
    >
      <input type="hidden" name="target" value={entry.target} />
      <input type="hidden" name="item" value={entry.item} />
      <input type="hidden" name="action" value={act} />
      <button type="submit" className={act === 'approve' ? buttonClass.primary : buttonClass.danger}>
        {QUEUE_ACTION_LABELS[act]}
        <span className="sr-only">: {name}</span>
      </button>
    </form>
  );
  return (
    <li id={`queue-${entry.target}-${entry.item}`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-800">{entry.label}</span>
        <span className="text-slate-600">
          {entry.user.nickname || '탈퇴한 회원'} · <span className="whitespace-nowrap">{formatDate(entry.date, data.timeZone)}</span>
        </span>
      </p>
      <div className={`mt-2 grid gap-3 ${entry.duplicate ? 'sm:grid-cols-2' : ''}`}>
        <h3 className="font-semibold break-words">
          <Linked title={entry.title} link={entry.link} fallback={name} />
        </h3>
        {entry.duplicate ? (
          <p className="rounded-lg bg-slate-50 p-2 text-sm break-words">
            같은 사진:{' '}
            <Linked
              title={entry.duplicate.title}
              link={entry.duplicate.link}
              fallback={`${entry.duplicate.target} ${entry.duplicate.item}`}
            />
          </p>
        ) : null}
      </div>
      <FoundPhrases warnings={entry.warnings} />
      <div className="mt-3 flex flex-wrap gap-2">
        {decide('approve')}
        {decide('reject')}
      </div>
      {refusal ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}

export function QueueAdmin({ data }: { data: QueueAdminData }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('done');
  const action = `${pathname}${params.size ? `?${params}` : ''}`;
  return (
    <>
      <h2 className="mb-1 text-xl font-bold">검토 대기</h2>
      <p className="text-slate-600">먼저 올라온 순서입니다. 승인하면 공개되고, 반려하면 숨겨진 채로 남습니다. 작성자에게 알림이 갑니다.</p>
      {data.done ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800">
          {DONE[data.done]}
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          {QueueMessages.empty}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {data.items.map((e) => (
            <QueueCard key={`${e.target}-${e.item}`} entry={e} data={data} action={action} />
          ))}
        </ul>
      )}
      <Pager page={data.page} size={data.size} total={data.total} search={search} />
    </>
  );
}
