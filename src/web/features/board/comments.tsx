import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { CommentRecord } from '#shared/api.ts';
import { formatDate } from '#shared/format.ts';
import { askConfirm, openLogin, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';

export type CommentItem = CommentRecord;

interface Viewer {
  id: number;
  admin: boolean;
}

/** PRODUCT.md comments: members write, one level of replies, the author or an admin deletes
 * (with the confirm dialog). After a change the page's loader runs again, so the list and the
 * post's comment count come from the server. */
export function Comments({
  board,
  items,
  total,
  viewer,
  timeZone,
}: {
  board: number;
  items: CommentItem[];
  total: number;
  viewer: Viewer | null;
  timeZone: string;
}) {
  const revalidator = useRevalidator();
  const [replyTo, setReplyTo] = useState(0);

  async function write(parent: number, form: HTMLFormElement) {
    const content = String(new FormData(form).get('content') ?? '').trim();
    if (!content) return showMessage('댓글을 입력하세요', 'error');
    const answer = await withLoading(api.post('/comment', { board, parent, content }));
    if (answer.code !== 'ok') return reportFailure(answer);
    form.reset();
    setReplyTo(0);
    await revalidator.revalidate();
  }

  function remove(id: number) {
    askConfirm({
      title: '댓글을 삭제할까요?',
      onSuccess: async () => {
        const answer = await withLoading(api.delete('/comment', { id }));
        if (answer.code !== 'ok') return reportFailure(answer);
        showMessage('댓글을 삭제했습니다');
        await revalidator.revalidate();
      },
    });
  }

  const one = (c: CommentItem, reply: boolean) => (
    // Anchored for notifications' links (#comment-<id>); the one linked to is marked.
    <article
      id={`comment-${c.id}`}
      className={`scroll-mt-4 py-3 target:bg-amber-50 ${reply ? 'ml-6 border-l-2 border-slate-200 pl-3' : ''}`}
      aria-label={reply ? '답글' : '댓글'}
    >
      {c.deleted ? (
        <p className="text-slate-500">삭제된 댓글입니다</p>
      ) : (
        <>
          <p className="text-sm">
            <strong>{c.name}</strong> <span className="text-slate-500">{formatDate(c.date, timeZone)}</span>
          </p>
          <p className="mt-0.5 whitespace-pre-line">{c.content}</p>
          <p className="mt-1 flex gap-3 text-sm">
            {!reply && viewer ? (
              <button type="button" className="text-brand-700 underline" onClick={() => setReplyTo(replyTo === c.id ? 0 : c.id)}>
                답글
              </button>
            ) : null}
            {viewer && (viewer.admin || viewer.id === c.user) ? (
              <button type="button" className="text-red-700 underline" onClick={() => remove(c.id)}>
                삭제
              </button>
            ) : null}
          </p>
        </>
      )}
    </article>
  );

  return (
    <section aria-labelledby="comments-title" className="mt-8">
      <h2 id="comments-title" className="text-xl font-bold">
        댓글 <span className="text-brand-700">{total}</span>
      </h2>
      {items.length === 0 ? <p className="mt-2 text-slate-600">첫 댓글을 남겨 주세요.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {items.map((c) => (
          <li key={c.id}>
            {one(c, false)}
            {c.replies?.map((r) => (
              <div key={r.id}>{one(r, true)}</div>
            ))}
            {replyTo === c.id ? <CommentForm label="답글" onSubmit={(form) => write(c.id, form)} indent /> : null}
          </li>
        ))}
      </ul>
      {viewer ? (
        <CommentForm label="댓글" onSubmit={(form) => write(0, form)} />
      ) : (
        <p className="mt-4 rounded-xl bg-slate-100 p-4 text-slate-700">
          댓글은 회원만 쓸 수 있습니다.{' '}
          <button type="button" onClick={() => openLogin()} className="font-semibold text-brand-700 underline">
            로그인
          </button>
        </p>
      )}
    </section>
  );
}

function CommentForm({ label, onSubmit, indent = false }: { label: string; onSubmit: (form: HTMLFormElement) => void; indent?: boolean }) {
  const id = `comment-${label}`;
  return (
    <form
      className={`mt-3 ${indent ? 'ml-6 pl-3' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event.currentTarget);
      }}
    >
      <label htmlFor={id} className="font-semibold">
        {label} 쓰기
      </label>
      <textarea
        id={id}
        name="content"
        rows={3}
        maxLength={2000}
        required
        className="mt-1 block w-full rounded-lg border border-slate-300 p-3"
      />
      <button type="submit" className="mt-2 min-h-11 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
        {label} 등록
      </button>
    </form>
  );
}
