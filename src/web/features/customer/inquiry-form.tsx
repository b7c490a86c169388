import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { koreanDetail, Messages } from '#shared/messages.ts';
import { type Problems, ProblemText, problemProps, useFieldProblems } from '../../lib/field-problems.tsx';
import { linesToHtml } from '../../lib/paragraphs.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';

// The 1:1 inquiry form, for a new inquiry and for editing one that is still waiting (`draft`). The
// fields are left as typed (uncontrolled, never reset) until the server has the inquiry, so a
// refusal or a lost connection costs the member nothing. Without JavaScript the form posts to the
// page, whose action checks and saves it the same way (routes/customer-inquiry.tsx).

const INPUT = 'mt-1 w-full rounded-lg border border-slate-300 px-3 text-lg aria-[invalid=true]:border-red-600';

/** What an edit starts from: the stored title, and the content as the textarea's lines. */
export interface InquiryDraft {
  id: number;
  title: string;
  content: string;
}

/** What the form holds, as typed. */
export interface InquiryTyped {
  title: string;
  content: string;
}

/** The form's own check, before anything is sent (the page's action makes it too): both fields
 * are required, with the site's messages. */
export function inquiryProblems({ title, content }: InquiryTyped): Problems {
  return {
    ...(title.trim() ? {} : { title: Messages.titleRequired }),
    ...(content.trim() ? {} : { content: Messages.contentRequired }),
  };
}

/** The content as the server stores it: the textarea's lines as paragraphs (sanitized again). */
export const inquiryFields = (typed: InquiryTyped) => ({ title: typed.title.trim(), content: linesToHtml(typed.content.trim()) });

export function InquiryForm({ draft, sent }: { draft?: InquiryDraft; sent?: InquiryTyped & { problems: Problems } }) {
  const navigate = useNavigate();
  const { problems, show, onEdit } = useFieldProblems(sent?.problems);
  const [sending, setSending] = useState(false);
  const shown = sent ?? draft;

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const typed = { title: String(data.get('title') ?? ''), content: String(data.get('content') ?? '') };
    const found = inquiryProblems(typed);
    if (Object.keys(found).length > 0) return show(form, found);
    setSending(true);
    const fields = inquiryFields(typed);
    const answer = await withLoading(draft ? api.put('/inquiry', { id: draft.id, ...fields }) : api.post('/inquiry', fields));
    setSending(false);
    if (answer.code !== 'ok') {
      if (answer.field === 'title' || answer.field === 'content') {
        show(form, { [answer.field]: koreanDetail(answer) ?? Messages.processingError });
      } else reportFailure(answer);
      return;
    }
    showMessage(draft ? '문의를 수정했습니다' : '문의가 접수되었습니다');
    await navigate('/mypage/inquiry');
  }

  return (
    <form
      method="post"
      noValidate
      onInput={onEdit}
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
          defaultValue={shown?.title}
          {...problemProps(problems.title, 'inquiry-title')}
          className={`${INPUT} min-h-12`}
        />
        <ProblemText controlId="inquiry-title" problem={problems.title} />
      </div>
      <div>
        <label htmlFor="inquiry-content" className="block font-semibold text-slate-800">
          내용
        </label>
        <textarea
          id="inquiry-content"
          name="content"
          rows={8}
          defaultValue={shown?.content}
          {...problemProps(problems.content, 'inquiry-content')}
          className={`${INPUT} py-2`}
        />
        <ProblemText controlId="inquiry-content" problem={problems.content} />
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
