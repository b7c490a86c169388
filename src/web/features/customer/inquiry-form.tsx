import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { koreanDetail, Messages } from '#shared/messages.ts';
import { linesToHtml } from '../../lib/paragraphs.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';

// The 1:1 inquiry form, for a new inquiry and for editing one that is still waiting (`draft`). The
// fields are left as typed (uncontrolled, never reset) until the server has the inquiry, so a
// refusal or a lost connection costs the member nothing.

type Problems = Partial<Record<'title' | 'content', string>>;

const INPUT = 'mt-1 w-full rounded-lg border border-slate-300 px-3 text-lg aria-[invalid=true]:border-red-600';

/** What an edit starts from: the stored title, and the content as the textarea's lines. */
export interface InquiryDraft {
  id: number;
  title: string;
  content: string;
}

export function InquiryForm({ draft }: { draft?: InquiryDraft }) {
  const navigate = useNavigate();
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const title = String(data.get('title') ?? '').trim();
    const content = String(data.get('content') ?? '').trim();
    const found: Problems = {};
    if (!title) found.title = '제목을 입력하세요';
    if (!content) found.content = '내용을 입력하세요';
    setProblems(found);
    if (found.title || found.content) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSending(true);
    // The textarea is plain text: its lines become paragraphs; the server sanitizes anyway.
    const fields = { title, content: linesToHtml(content) };
    const answer = await withLoading(draft ? api.put('/inquiry', { id: draft.id, ...fields }) : api.post('/inquiry', fields));
    setSending(false);
    if (answer.code !== 'ok') {
      if (answer.field === 'title' || answer.field === 'content') {
        setProblems({ [answer.field]: koreanDetail(answer) ?? Messages.processingError });
      } else reportFailure(answer);
      return;
    }
    showMessage(draft ? '문의를 수정했습니다' : '문의가 접수되었습니다');
    await navigate('/mypage/inquiry');
  }

  return (
    <form
      noValidate
      className="max-w-2xl space-y-5 rounded-xl border border-slate-200 bg-white p-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <div>
        <label htmlFor="inquiry-title" className="block font-semibold text-slate-800">
          제목
        </label>
        <input
          id="inquiry-title"
          name="title"
          maxLength={200}
          defaultValue={draft?.title}
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={problems.title ? 'inquiry-title-error' : undefined}
          className={`${INPUT} min-h-12`}
        />
        {problems.title ? (
          <p id="inquiry-title-error" className="mt-1 font-semibold text-red-700">
            {problems.title}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="inquiry-content" className="block font-semibold text-slate-800">
          내용
        </label>
        <textarea
          id="inquiry-content"
          name="content"
          rows={8}
          defaultValue={draft?.content}
          aria-invalid={problems.content ? true : undefined}
          aria-describedby={problems.content ? 'inquiry-content-error' : undefined}
          className={`${INPUT} py-2`}
        />
        {problems.content ? (
          <p id="inquiry-content-error" className="mt-1 font-semibold text-red-700">
            {problems.content}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          disabled={sending}
          className="min-h-12 rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {draft ? '수정 완료' : '문의 보내기'}
        </button>
        {draft ? (
          <Link
            to="/mypage/inquiry"
            className="inline-flex min-h-12 items-center justify-center rounded-lg border border-slate-300 px-6 font-semibold hover:bg-slate-50"
          >
            취소
          </Link>
        ) : null}
      </div>
    </form>
  );
}
