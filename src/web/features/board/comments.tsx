import { useEffect, useRef, useState } from 'react';
import { MemberName } from '../../components/ui/member-name.tsx';
import { useRevalidator } from 'react-router';
import type { CommentRecord } from '#shared/api.ts';
import type { CommentTarget } from '#shared/schemas/content.ts';
import { formatDate } from '#shared/format.ts';
import { LoginLink } from '../../components/ui/login-link.tsx';
import { askConfirm, showMessage, withLoading } from '../../lib/screen-store.ts';
import { ProblemText, problemProps, useFieldProblems } from '../../lib/field-problems.tsx';
import { CharacterCount } from '../../components/ui/character-count.tsx';
import { COMMENT_MAX } from '#shared/limits.ts';
import { Messages } from '#shared/messages.ts';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { UserLevel } from '#shared/enums.ts';
import { ADMINS_MAY, type CommentChange, mayChangeComment } from '#shared/comment-policy.ts';
import { ConfirmForm } from './confirm-form.tsx';
import { type ReportOutcome, ReportControl, ReviewBadge } from './report-control.tsx';
import { belowAdmin, forMembers, forOwner, forVisitors, notOwner, useMe } from '../../lib/me.ts';

export type CommentItem = CommentRecord;

/** A comment form the page's action refused (without JavaScript): which form (`id` is the parent
 * of a new comment, 0 for a top-level one, or the comment edited or deleted), what was typed,
 * and the Korean reason. */
export interface CommentRefusal {
  intent: 'comment' | 'edit-comment' | 'delete-comment';
  id: number;
  content: string;
  message: string;
}

/** The reply box and the edit box open on the page's address (?reply=, ?edit=) too. */
export interface OpenCommentForms {
  reply: number;
  edit: number;
}

const DELETE_TITLE = '댓글을 삭제할까요?';

/** 답글, 수정 and 삭제: small words, each on a place to press 44 px square, apart from the next
 * (WCAG 2.5.8, issue #32: they were 27 px wide). */
const smallAction = 'inline-flex min-h-11 min-w-11 items-center justify-center px-1 underline underline-offset-2';
const linkButton = `${smallAction} text-brand-700`;

/** 수정 and 삭제 are in the shared page for everyone; #me-style shows each to those the comment
 * rule lets make the change (shared/comment-policy.ts), the server's own answer. */
const shownToChangers = (change: CommentChange, c: CommentItem) => forOwner(c.user, ADMINS_MAY[change]);

/** PRODUCT.md comments: members write, one level of replies, the author or an admin edits and
 * deletes (with the confirm dialog). Every form posts to the page, whose action does the
 * same without JavaScript; with the app it calls the API instead, and the page's loader runs
 * again, so the list and the post's comment count come from the server. 답글 and 수정 open
 * their box through the address without the app (a GET of ids, never of typed text). */
export function Comments({
  target,
  board,
  path,
  items,
  total,
  timeZone,
  opened,
  refusal,
  asked,
  reported,
  reportOutcome,
}: {
  /** The table of the item the comments are under, whose id is `board`. */
  target: CommentTarget;
  board: number;
  /** The post's page, where the forms post. */
  path: string;
  items: CommentItem[];
  total: number;
  timeZone: string;
  opened: OpenCommentForms;
  refusal?: CommentRefusal;
  /** The comment whose delete the page's action asked about (without JavaScript), or 0. */
  asked: number;
  /** The comments this member reported (신고함). */
  reported: number[];
  /** What the page's action said about a comment's report form (without JavaScript). */
  reportOutcome: (id: number) => ReportOutcome | undefined;
}) {
  const revalidator = useRevalidator();
  const me = useMe();
  const [replyTo, setReplyTo] = useState(refusal?.intent === 'comment' && refusal.id ? refusal.id : opened.reply);
  const [editing, setEditing] = useState(refusal?.intent === 'edit-comment' ? refusal.id : opened.edit);
  const refused = (intent: CommentRefusal['intent'], id: number) => (refusal?.intent === intent && refusal.id === id ? refusal : undefined);

  async function write(parent: number, form: HTMLFormElement, content: string) {
    const answer = await withLoading(api.post('/comment', { target, board, parent, content }));
    if (answer.code !== 'ok') return reportFailure(answer);
    form.reset();
    setReplyTo(0);
    await revalidator.revalidate();
  }

  async function edit(id: number, content: string) {
    const answer = await withLoading(api.put('/comment', { id, content }));
    if (answer.code !== 'ok') return reportFailure(answer);
    setEditing(0);
    showMessage('댓글을 수정했습니다');
    await revalidator.revalidate();
  }

  function remove(id: number) {
    askConfirm({
      title: DELETE_TITLE,
      onSuccess: async () => {
        const answer = await withLoading(api.delete('/comment', { id }));
        if (answer.code !== 'ok') return reportFailure(answer);
        showMessage('댓글을 삭제했습니다');
        await revalidator.revalidate();
      },
    });
  }

  /** 답글 / 수정: a GET form naming only the comment, so that it opens its box without the app. */
  const opener = (name: 'reply' | 'edit', label: string, c: CommentItem, toggle: () => void, shownTo: object, expanded?: boolean) => (
    <form method="get" action={`${path}#${name}-${c.id}`} {...shownTo}>
      <button
        type="submit"
        name={name}
        value={c.id}
        aria-expanded={expanded}
        className={linkButton}
        onClick={(event) => {
          event.preventDefault();
          toggle();
        }}
      >
        {label}
      </button>
    </form>
  );

  const one = (c: CommentItem, reply: boolean) => {
    const mine = me !== null && me.id === c.user;
    const removal = refused('delete-comment', c.id);
    return (
      <article
        id={`comment-${c.id}`}
        className={`scroll-mt-24 py-3 target:bg-amber-50 ${reply ? 'ml-6 border-l-2 border-slate-200 pl-3' : ''}`}
        aria-label={reply ? '답글' : '댓글'}
      >
        {c.deleted ? (
          <p className="text-slate-600">삭제된 댓글입니다</p>
        ) : c.hidden && !mine && !(me && me.level >= UserLevel.admin) ? (
          <p className="text-slate-600">신고가 접수되어 검토 중인 댓글입니다</p>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-x-2 text-sm">
              <strong>
                <MemberName user={c.user} name={c.name} />
              </strong>{' '}
              <span className="text-slate-600">{formatDate(c.date, timeZone)}</span>
              {c.hidden ? <ReviewBadge /> : null}
            </p>
            {mayChangeComment('edit', me, c) && editing === c.id ? (
              <CommentForm
                label="댓글 수정"
                submit="저장"
                action={`${path}#edit-${c.id}`}
                anchor={`edit-${c.id}`}
                fields={{ intent: 'edit-comment', id: c.id }}
                initial={refused('edit-comment', c.id)?.content ?? c.content}
                error={refused('edit-comment', c.id)?.message}
                focusOnOpen
                cancel={{ href: `${path}#comment-${c.id}`, onCancel: () => setEditing(0) }}
                onSubmit={(_form, content) => edit(c.id, content)}
              />
            ) : (
              <p className="mt-0.5 break-words whitespace-pre-line">{c.content}</p>
            )}
            <div className="flex flex-wrap gap-x-2 text-sm">
              {/* The page is shared: each control is in it for everyone and #me-style shows it to
                  those it serves (lib/me.ts). */}
              {!reply ? opener('reply', '답글', c, () => setReplyTo(replyTo === c.id ? 0 : c.id), forMembers, replyTo === c.id) : null}
              {editing !== c.id ? opener('edit', '수정', c, () => setEditing(c.id), shownToChangers('edit', c)) : null}
              <form
                method="post"
                action={`${path}#comment-${c.id}`}
                {...shownToChangers('delete', c)}
                onSubmit={(event) => {
                  event.preventDefault();
                  remove(c.id);
                }}
              >
                <input type="hidden" name="intent" value="delete-comment" />
                <input type="hidden" name="id" value={c.id} />
                <button type="submit" className={`${smallAction} text-red-700`}>
                  삭제
                </button>
              </form>
              {!c.hidden ? (
                <span {...forMembers} {...belowAdmin} {...notOwner(c.user)}>
                  <ReportControl
                    target="comment"
                    item={c.id}
                    path={path}
                    what="댓글"
                    reported={reported.includes(c.id)}
                    outcome={reportOutcome(c.id)}
                    compact
                  />
                </span>
              ) : null}
            </div>
            {asked === c.id ? (
              <ConfirmForm
                title={DELETE_TITLE}
                action={`${path}#comments`}
                fields={{ intent: 'delete-comment', id: c.id }}
                cancel={`${path}#comment-${c.id}`}
              />
            ) : null}
            {removal ? <Refusal message={removal.message} /> : null}
          </>
        )}
      </article>
    );
  };

  return (
    <section id="comments" aria-labelledby="comments-title" className="mt-8 scroll-mt-24">
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
            {me && replyTo === c.id ? (
              <CommentForm
                label="답글 쓰기"
                submit="답글 등록"
                action={`${path}#reply-${c.id}`}
                anchor={`reply-${c.id}`}
                fields={{ intent: 'comment', parent: c.id }}
                initial={refused('comment', c.id)?.content}
                error={refused('comment', c.id)?.message}
                focusOnOpen
                indent
                onSubmit={(form, content) => write(c.id, form, content)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <div {...forMembers}>
        <CommentForm
          label="댓글 쓰기"
          submit="댓글 등록"
          action={`${path}#comment-form`}
          anchor="comment-form"
          fields={{ intent: 'comment' }}
          initial={refused('comment', 0)?.content}
          error={refused('comment', 0)?.message}
          onSubmit={(form, content) => write(0, form, content)}
        />
      </div>
      <div className="mt-4 rounded-xl bg-slate-100 p-4 text-slate-700" {...forVisitors}>
        {/* A form sent after the session ended comes back to a visitor's page: say why. */}
        {refusal ? <Refusal message={refusal.message} /> : null}
        <p className={refusal ? 'mt-2' : undefined}>
          댓글은 회원만 쓸 수 있습니다.{' '}
          <LoginLink next={`${path}#comments`} className="font-semibold text-brand-700 underline">
            로그인
          </LoginLink>
        </p>
      </div>
    </section>
  );
}

function Refusal({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A comment's text box. It posts to the page (the action's fields are hidden inputs); with the
 * app, `onSubmit` sends it through the API instead. A reply or edit box takes the focus when it
 * opens, so that 답글 leads straight to typing. */
function CommentForm({
  label,
  submit,
  action,
  anchor,
  fields,
  initial,
  error,
  focusOnOpen = false,
  indent = false,
  cancel,
  onSubmit,
}: {
  label: string;
  submit: string;
  action: string;
  anchor: string;
  fields: Record<string, string | number>;
  initial?: string;
  error?: string;
  focusOnOpen?: boolean;
  indent?: boolean;
  cancel?: { href: string; onCancel: () => void };
  /** Sends the checked text. */
  onSubmit: (form: HTMLFormElement, content: string) => void;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  // The form's own check, under the box (the page's action's refusal without JavaScript is the
  // alert below it).
  const { problems, show, onEdit } = useFieldProblems();
  const [length, setLength] = useState(initial?.length ?? 0);
  useEffect(() => {
    if (focusOnOpen) box.current?.focus();
  }, [focusOnOpen]);
  const boxId = `${anchor}-text`;
  const hintId = `${boxId}-limit`;
  return (
    <form
      id={anchor}
      method="post"
      action={action}
      // The site's Korean message for an empty box, not the browser's bubble (the action says it
      // without JavaScript).
      noValidate
      className={`mt-3 scroll-mt-24 ${indent ? 'ml-6 pl-3' : ''}`}
      onInput={onEdit}
      // A reset (after a comment was sent) empties the box after this event: count it then.
      onReset={() => setTimeout(() => setLength(box.current?.value.length ?? 0))}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const content = String(new FormData(form).get('content') ?? '').trim();
        if (!content) return show(form, { content: Messages.commentRequired });
        onSubmit(form, content);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={boxId} className="font-semibold">
        {label}
      </label>
      <textarea
        ref={box}
        id={boxId}
        name="content"
        rows={3}
        maxLength={COMMENT_MAX}
        required
        defaultValue={initial}
        onChange={(event) => setLength(event.currentTarget.value.length)}
        {...problemProps(problems.content, boxId, hintId)}
        aria-invalid={problems.content || error ? true : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 p-3 aria-invalid:border-red-600"
      />
      <CharacterCount hintId={hintId} length={length} max={COMMENT_MAX} />
      <ProblemText controlId={boxId} problem={problems.content} />
      {error ? <Refusal message={error} /> : null}
      <div className="mt-2 flex items-center gap-3">
        <button type="submit" className="min-h-11 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
          {submit}
        </button>
        {cancel ? (
          <a
            href={cancel.href}
            className="font-semibold text-slate-700 underline underline-offset-2"
            onClick={(event) => {
              event.preventDefault();
              cancel.onCancel();
            }}
          >
            취소
          </a>
        ) : null}
      </div>
    </form>
  );
}
