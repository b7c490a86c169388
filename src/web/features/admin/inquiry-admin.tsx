import { Form, useLocation, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import type { InquiryRecord } from '#shared/api.ts';
import { InquiryStatus, InquiryStatusLabel } from '#shared/enums.ts';
import { formatDate } from '#shared/format.ts';
import { api } from '../../lib/session.ts';
import { linesToHtml } from '../../lib/paragraphs.ts';
import { buttonClass, DateRangeInputs, Pager, runCalls } from './admin-ui.tsx';

// /admin/inquiry: members' questions with a status filter; an answer (new or edited) is saved
// with PUT /api/inquiry, which sets 답변완료 and updatedate and e-mails the member.

export type AdminInquiry = Omit<InquiryRecord, 'answer'> & {
  /** The stored answer as plain lines, for the editor. */
  answertext: string;
};

export interface InquiryAdminData {
  items: AdminInquiry[];
  total: number;
  page: number;
  size: number;
  status: number | null;
  /** The date range as the address has it, and why it was left out, if it was. */
  range: { from: string; to: string };
  rangeProblem?: string;
  timeZone: string;
}

function InquiryCard({ item, timeZone }: { item: AdminInquiry; timeZone: string }) {
  const { revalidate } = useRevalidator();
  const answered = item.status === InquiryStatus.answered;
  const fieldId = `answer-${item.id}`;
  return (
    <details className="group rounded-xl border border-slate-200 bg-white" open={!answered}>
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
        <span aria-hidden="true" className="text-brand-600 transition-transform group-open:rotate-90">
          ›
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-sm font-semibold ${answered ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-800'}`}
        >
          {InquiryStatusLabel[item.status]}
        </span>
        {/* At least 12rem or a line of its own, never one syllable per line beside the date. */}
        <span className="min-w-0 flex-[1_1_12rem] font-semibold">{item.title}</span>
        <MetaLine parts={[item.name, formatDate(item.date, timeZone)]} className="text-sm text-slate-500" />
      </summary>
      <div className="border-t border-slate-100 px-4 py-3">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored sanitized (content-resource sanitizes every rich-text field) */}
        <div className="text-slate-800 [&_p]:my-1" dangerouslySetInnerHTML={{ __html: item.content }} />
        <form
          className="mt-4"
          onSubmit={(e) => {
            e.preventDefault();
            const text = String(new FormData(e.currentTarget).get('answer') ?? '');
            void runCalls([() => api.put('/inquiry', { id: item.id, answer: linesToHtml(text) })], '답변을 저장했습니다', revalidate);
          }}
        >
          <label htmlFor={fieldId} className="block font-semibold">
            답변
          </label>
          <textarea
            id={fieldId}
            name="answer"
            required
            rows={5}
            defaultValue={item.answertext}
            className="mt-1 w-full rounded-lg border border-slate-300 p-3 text-lg"
          />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <button type="submit" className={buttonClass.primary}>
              {answered ? '답변 수정' : '답변 등록'}
            </button>
            {answered ? <span className="text-sm text-slate-500">답변일 {formatDate(item.updatedate, timeZone)}</span> : null}
          </div>
        </form>
      </div>
    </details>
  );
}

export function InquiryAdmin({ data }: { data: InquiryAdminData }) {
  const { search } = useLocation();
  const tabs: [number | null, string][] = [
    [null, '전체'],
    [InquiryStatus.waiting, InquiryStatusLabel[InquiryStatus.waiting] as string],
    [InquiryStatus.answered, InquiryStatusLabel[InquiryStatus.answered] as string],
  ];
  // The status tabs keep the chosen period.
  const dateParams = Object.fromEntries(Object.entries(data.range).filter(([, v]) => v));
  return (
    <>
      <h2 className="mb-3 text-xl font-bold">문의 목록</h2>
      <nav aria-label="답변 상태" className="flex gap-4">
        {tabs.map(([status, label]) => (
          <Link
            key={label}
            to={`?${new URLSearchParams({ ...(status ? { status: String(status) } : {}), ...dateParams })}`}
            aria-current={status === data.status ? 'page' : undefined}
            className={`font-semibold ${status === data.status ? 'text-brand-700 underline underline-offset-4' : 'text-slate-600 hover:text-brand-700'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <Form
        method="get"
        role="search"
        aria-label="문의 기간 검색"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        {data.status ? <input type="hidden" name="status" value={data.status} /> : null}
        <DateRangeInputs from={data.range.from} to={data.range.to} problem={data.rangeProblem} />
        <button type="submit" className={buttonClass.primary}>
          검색
        </button>
      </Form>
      <div className="mt-4 flex flex-col gap-3">
        {data.items.length === 0 ? <p className="text-slate-600">문의가 없습니다.</p> : null}
        {data.items.map((item) => (
          <InquiryCard key={`${item.id}-${item.status}`} item={item} timeZone={data.timeZone} />
        ))}
      </div>
      <Pager page={data.page} size={data.size} total={data.total} search={search} />
    </>
  );
}
