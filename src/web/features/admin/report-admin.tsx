import { useLocation, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { ReportedEntry, ReportTarget, WarnedListing } from '#shared/reports.ts';
import { ReportMessages, REVIEW_LABEL, Visibility } from '#shared/reports.ts';
import { formatDate } from '#shared/format.ts';
import { askConfirm } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { buttonClass, Pager, runCalls } from './admin-ui.tsx';
import { FoundPhrases } from './found-phrases.tsx';
import { ConversationMembers, ConversationMessages } from './reported-conversation.tsx';

// /admin/report: reported items, most reported first, each with its reasons; an admin restores
// one (shown again, reports cleared) or deletes it (its author is told). Every button is a form
// that posts to the page, whose action does the same without JavaScript (a delete asks first
// there too); with the app the calls go to /api/admin/report and the list reloads. A reported
// conversation is never hidden nor deleted: the admin reads it here and clears its reports.
// Below them, the listings published with a scam caution, each with the phrases found: an admin
// reads them before any member reports one.

export interface ReportAdminData {
  items: ReportedEntry[];
  total: number;
  page: number;
  size: number;
  timeZone: string;
  /** What the page's action just did (without JavaScript). */
  done?: keyof typeof DONE;
  /** The delete the page's action asks about (without JavaScript). */
  asked?: { target: ReportTarget; item: number };
  refusal?: { target: ReportTarget; item: number; message: string };
  /** The listings published with a scam caution, newest first (paged by `warned`). */
  warned: { items: WarnedListing[]; total: number; page: number; size: number };
}

/** The address's page number of the warned listings. */
export const WARNED_PAGE = 'warned';

const KIND: Record<ReportTarget, string> = {
  board: '게시글',
  jobs: '구인구직',
  business: '업소록',
  housing: '부동산',
  comment: '댓글',
  review: '업소 후기',
  conversation: '쪽지 대화',
};
export const DONE = { restored: '복구했습니다', deleted: '삭제했습니다', cleared: '신고를 해제했습니다' } as const;
const DELETE_TITLE = '신고된 항목을 삭제할까요?';
const DELETE_CONTENT = '삭제하면 되돌릴 수 없고, 작성자에게 삭제 알림이 갑니다.';

function stateOf(e: ReportedEntry): { label: string; look: string } {
  if (e.hidden === Visibility.review) return { label: `${REVIEW_LABEL} (숨김)`, look: 'bg-amber-100 text-amber-800' };
  if (e.hidden === Visibility.hidden) return { label: '숨김', look: 'bg-slate-200 text-slate-700' };
  if (e.hidden === Visibility.shown) return { label: '게시중', look: 'bg-emerald-50 text-emerald-800' };
  return { label: '이미 삭제됨', look: 'bg-slate-100 text-slate-600' };
}

function ReportCard({ entry, data, action }: { entry: ReportedEntry; data: ReportAdminData; action: string }) {
  const { revalidate } = useRevalidator();
  const state = stateOf(entry);
  const body = { target: entry.target, item: entry.item };
  const asked = data.asked?.target === entry.target && data.asked.item === entry.item;
  const refusal = data.refusal?.target === entry.target && data.refusal.item === entry.item ? data.refusal.message : undefined;
  const name = entry.title || `${KIND[entry.target]} ${entry.item}`;
  const { conversation } = entry;
  const restore = conversation ? { label: '신고 해제', done: DONE.cleared } : { label: '복구', done: DONE.restored };
  const fields = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="target" value={entry.target} />
      <input type="hidden" name="item" value={entry.item} />
    </>
  );
  return (
    <li id={`report-${entry.target}-${entry.item}`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">{KIND[entry.target]}</span>
        {conversation ? null : <span className={`rounded-full px-2 py-0.5 font-semibold ${state.look}`}>{state.label}</span>}
        <strong className="whitespace-nowrap text-red-700">신고 {entry.reports}건</strong>
      </p>
      <h3 className="mt-2 font-semibold break-words">
        {conversation ? (
          <ConversationMembers members={conversation.members} />
        ) : entry.link ? (
          <Link to={entry.link} className="hover:text-brand-700 hover:underline">
            {name}
          </Link>
        ) : (
          name
        )}
      </h3>
      <ul aria-label="신고 사유" className="mt-2 space-y-1 text-sm">
        {entry.reasons.map((r) => (
          <li key={`${r.date}-${r.reason}-${r.detail}`} className="break-words">
            <span className="font-semibold">{r.label}</span>
            {r.detail ? <span className="text-slate-700"> — {r.detail}</span> : null}{' '}
            <span className="whitespace-nowrap text-slate-500">{formatDate(r.date, data.timeZone)}</span>
          </li>
        ))}
      </ul>
      <FoundPhrases warnings={entry.warnings} />
      {conversation ? <ConversationMessages messages={conversation.messages} more={conversation.more} timeZone={data.timeZone} /> : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <form
          method="post"
          action={action}
          onSubmit={(event) => {
            event.preventDefault();
            void runCalls([() => api.post('/admin/report/restore', body)], restore.done, revalidate);
          }}
        >
          {fields('restore')}
          <button type="submit" className={buttonClass.plain}>
            {restore.label}
            <span className="sr-only">: {name}</span>
          </button>
        </form>
        {conversation ? (
          <p className="text-sm text-slate-600">{ReportMessages.conversationKept}</p>
        ) : entry.hidden >= 0 ? (
          <form
            method="post"
            action={action}
            onSubmit={(event) => {
              event.preventDefault();
              askConfirm({
                title: DELETE_TITLE,
                content: DELETE_CONTENT,
                onSuccess: () => void runCalls([() => api.post('/admin/report/delete', body)], DONE.deleted, revalidate),
              });
            }}
          >
            {fields('delete')}
            <button type="submit" className={buttonClass.danger}>
              삭제<span className="sr-only">: {name}</span>
            </button>
          </form>
        ) : null}
      </div>
      {asked ? (
        <div className="mt-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p role="alert" className="font-semibold">
            {DELETE_TITLE}
          </p>
          <p className="mt-1 text-sm text-slate-700">{DELETE_CONTENT}</p>
          <div className="mt-3 flex gap-3">
            <form method="get" action={action}>
              <button type="submit" className={buttonClass.plain}>
                취소
              </button>
            </form>
            <form method="post" action={action}>
              {fields('delete')}
              <input type="hidden" name="confirmed" value="1" />
              <button type="submit" className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 font-semibold text-white">
                삭제
              </button>
            </form>
          </div>
        </div>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}

function WarnedCard({ entry, timeZone }: { entry: WarnedListing; timeZone: string }) {
  return (
    <li className="rounded-xl border border-amber-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">
          {KIND[entry.target as ReportTarget] ?? entry.target}
        </span>
        <span className="text-slate-600">
          {entry.user.nickname || '탈퇴한 회원'} · <span className="whitespace-nowrap">{formatDate(entry.date, timeZone)}</span>
        </span>
      </p>
      <h3 className="mt-2 font-semibold break-words">
        <Link to={entry.link} className="hover:text-brand-700 hover:underline">
          {entry.title || `${entry.target} ${entry.item}`}
        </Link>
      </h3>
      <FoundPhrases warnings={entry.warnings} />
    </li>
  );
}

function WarnedListings({ data, search }: { data: ReportAdminData; search: string }) {
  const { warned } = data;
  return (
    <section aria-labelledby="warned-heading" className="mt-10">
      <h2 id="warned-heading" className="mb-1 text-xl font-bold">
        주의 문구가 있는 게시물
      </h2>
      <p className="text-slate-600">
        사기에 자주 쓰이는 표현이 들어간 채로 게시된 매물·구인구직·부동산 글입니다. 최근에 저장된 순서이며, 고쳐서 표현이 없어지면 목록에서
        빠집니다.
      </p>
      {warned.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          주의 문구가 있는 게시물이 없습니다.
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {warned.items.map((e) => (
            <WarnedCard key={`${e.target}-${e.item}`} entry={e} timeZone={data.timeZone} />
          ))}
        </ul>
      )}
      <Pager page={warned.page} size={warned.size} total={warned.total} search={search} param={WARNED_PAGE} />
    </section>
  );
}

export function ReportAdmin({ data }: { data: ReportAdminData }) {
  const { pathname, search } = useLocation();
  // The forms post to this page at this list page; `done` and `asked` are not carried on.
  const params = new URLSearchParams(search);
  params.delete('done');
  const action = `${pathname}${params.size ? `?${params}` : ''}`;
  return (
    <>
      <h2 className="mb-1 text-xl font-bold">신고된 항목</h2>
      <p className="text-slate-600">신고가 많은 순서입니다. 복구하면 다시 공개되고 신고 기록이 지워집니다.</p>
      {data.done ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800">
          {DONE[data.done]}
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          신고된 항목이 없습니다.
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {data.items.map((e) => (
            <ReportCard key={`${e.target}-${e.item}`} entry={e} data={data} action={action} />
          ))}
        </ul>
      )}
      <Pager page={data.page} size={data.size} total={data.total} search={search} />
      <WarnedListings data={data} search={search} />
    </>
  );
}
