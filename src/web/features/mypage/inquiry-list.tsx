import { InquiryStatus, InquiryStatusLabel } from '#shared/enums.ts';
import { formatDate } from '#shared/format.ts';
import { RichText } from '../board/rich-text.tsx';

// 내 문의: each question with its status, and the answer under it once there is one.

export interface MyInquiry {
  id: number;
  title: string;
  /** Sanitized HTML, as stored. */
  content: string;
  answer: string;
  status: number;
  updatedate: string;
  date: string;
}

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

export function InquiryList({ items, timeZone }: { items: MyInquiry[]; timeZone: string }) {
  return (
    <ul className="space-y-4">
      {items.map((i) => (
        <li key={i.id}>
          <article aria-labelledby={`inquiry-${i.id}`} className="rounded-xl border border-slate-200 bg-white p-4">
            <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={i.status} />
              <h2 id={`inquiry-${i.id}`} className="min-w-0 flex-1 text-lg font-semibold break-words">
                {i.title}
              </h2>
              <span className="text-sm text-slate-500">{formatDate(i.date, timeZone)}</span>
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
          </article>
        </li>
      ))}
    </ul>
  );
}
