import { useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { InquiryRecord } from '#shared/api.ts';
import { InquiryStatus, InquiryStatusLabel } from '#shared/enums.ts';
import { formatDate } from '#shared/format.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { RichText } from '../../components/ui/rich-text.tsx';
import { askConfirm, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';

// 내 문의: each question with its status, and the answer under it once there is one. A question
// still waiting (대기중) can be edited or deleted; once answered it is read-only (the server
// refuses both).

export type MyInquiry = InquiryRecord;

export function StatusBadge({ status }: { status: number }) {
  const answered = status === InquiryStatus.answered;
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-sm font-semibold ${answered ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}
    >
      {InquiryStatusLabel[status]}
    </span>
  );
}

const ACTION = 'inline-flex min-h-11 items-center rounded-lg border px-4 font-semibold';

function WaitingActions({ inquiry }: { inquiry: MyInquiry }) {
  const { revalidate } = useRevalidator();
  const remove = () =>
    askConfirm({
      title: '이 문의를 삭제할까요?',
      content: '삭제한 문의는 되돌릴 수 없습니다.',
      onSuccess: async () => {
        const answer = await withLoading(api.delete('/inquiry', { id: inquiry.id }));
        // Answered in the meantime: the server's reason is shown, and the list shows the answer.
        if (answer.code !== 'ok') reportFailure(answer);
        else showMessage('문의를 삭제했습니다');
        await revalidate();
      },
    });
  return (
    <div className="mt-3 flex justify-end gap-2">
      <Link
        to={`/customer/inquiry?id=${inquiry.id}`}
        aria-label={`${inquiry.title} 수정`}
        className={`${ACTION} border-slate-300 text-slate-700 hover:bg-slate-50`}
      >
        수정
      </Link>
      <button
        type="button"
        onClick={remove}
        aria-label={`${inquiry.title} 삭제`}
        className={`${ACTION} border-red-300 text-red-700 hover:bg-red-50`}
      >
        삭제
      </button>
    </div>
  );
}

export function InquiryList({ items, timeZone }: { items: MyInquiry[]; timeZone: string }) {
  return (
    <ul className="space-y-4">
      {items.map((i) => (
        <li key={i.id}>
          <article aria-labelledby={`inquiry-${i.id}`} className="rounded-xl border border-slate-200 bg-white p-4">
            <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={i.status} />
              {/* At least 12rem or a line of its own: squeezed beside the date on a phone, a title
                  once came out one syllable per line. */}
              <h2 id={`inquiry-${i.id}`} className="min-w-0 flex-[1_1_12rem] text-lg font-semibold break-words">
                {i.title}
              </h2>
              <span className="text-sm whitespace-nowrap text-slate-500">{formatDate(i.date, timeZone)}</span>
            </header>
            <RichText html={i.content} className="mt-2 text-slate-800" />
            {i.answer ? (
              <section aria-label="답변" className="mt-3 rounded-lg bg-slate-50 p-3">
                <p className="font-bold text-brand-700">
                  답변 <span className="text-sm font-normal text-slate-500">{formatDate(i.updatedate, timeZone)}</span>
                </p>
                <RichText html={i.answer} />
              </section>
            ) : null}
            {i.status === InquiryStatus.waiting ? <WaitingActions inquiry={i} /> : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
