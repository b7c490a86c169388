import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatDate } from '#shared/format.ts';
import { REVIEW_LABEL } from '#shared/reports.ts';
import { BUSINESS_RATING_MAX, BUSINESS_REVIEW_MAX, BUSINESS_REVIEW_MIN, type BusinessReviewShown } from '#shared/trust.ts';
import { MemberName } from '../../components/ui/member-name.tsx';
import { Link } from '../../components/ui/link.tsx';
import { type Problems, ProblemText, problemProps } from '../../lib/field-problems.tsx';
import { forMembers, forOwner, forVisitors, type Me, notOwner, reviewOf, unlessReviewed } from '../../lib/me.ts';
import { Personal } from '../../components/personal/personal.tsx';

// A business's reviews on its page (PRODUCT.md "Members and trust"): the counted ones, newest
// first, each with the owner's answer under it; the member's own held one marked 검토 중; the
// form of a member who may review, and the owner's answer form. Plain form posts to the page's
// action, the same with or without JavaScript. The page is one stored copy for everyone: what is
// a member's own comes with their fill-in (server/pages/member-fill.ts), never in the copy.

/** What a waiting review's author reads under it. */
const HELD_NOTE = '운영자가 확인한 뒤 다른 회원에게 보이고 별점에 반영됩니다.';

/** Reviews shown at first; the rest open under 후기 더보기 (no request, no script). */
const FIRST_REVIEWS = 10;

const button = 'min-h-11 rounded-full bg-brand-600 px-6 font-semibold whitespace-nowrap text-white hover:bg-brand-700 disabled:opacity-50';
const box = 'w-full rounded-lg border border-slate-300 p-3 text-base';

/** What the page's action sent back for a review form: what was typed and each field's problem. */
export interface ReviewRefusal {
  /** 0: the new review's form; otherwise the review the owner answered. */
  review: number;
  rating?: string;
  content: string;
  problems: Problems;
}

/** Who may do what here. The page is one shared copy: the review form, the owner's answer forms
 * and the login prompt are in it for everyone and shown by lib/me.ts's marks, and a member's own
 * review comes with their fill-in (`me.reviewed`). */
export interface ReviewerState {
  business: number;
  /** The business's owner (its listing's author): answers reviews, never reviews. */
  owner: number;
  /** On a page drawn for its member alone, by its loader: not the owner, and not yet reviewed. */
  mayReview?: boolean;
}

export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="whitespace-nowrap text-amber-500">
      <span aria-hidden="true">
        {'★'.repeat(full)}
        <span className="text-slate-300">{'★'.repeat(BUSINESS_RATING_MAX - full)}</span>
      </span>
      <span className="sr-only">별점 {rating}점 (5점 만점)</span>
    </span>
  );
}

function ReplyForm({ review, refusal }: { review: number; refusal?: ReviewRefusal }) {
  const busy = useNavigation().state === 'submitting';
  const id = `reply-${review}-content`;
  const problem = refusal?.problems.content;
  return (
    <Form method="post" preventScrollReset className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="review-reply" />
      <input type="hidden" name="id" value={review} />
      <label htmlFor={id} className="block text-sm font-semibold">
        사장님 답글
      </label>
      <textarea
        id={id}
        name="content"
        rows={3}
        maxLength={BUSINESS_REVIEW_MAX}
        defaultValue={refusal?.content}
        className={box}
        {...problemProps(problem, id)}
      />
      <ProblemText controlId={id} problem={problem} />
      <button type="submit" disabled={busy} className={button}>
        답글 달기
      </button>
    </Form>
  );
}

/** A review's 신고, drawn by the page (it posts to the page's action). */
type ReportSlot = (review: BusinessReviewShown) => ReactNode;

function ReviewItem({
  review: r,
  owner,
  timeZone,
  refusal,
  report,
}: {
  review: BusinessReviewShown;
  owner: number;
  timeZone: string;
  refusal?: ReviewRefusal;
  report: ReportSlot;
}) {
  return (
    <li id={`review-${r.id}`} className="scroll-mt-24 py-4">
      {/* A div: the 신고 control holds a form, which a paragraph cannot. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Stars rating={r.rating} />
        <MemberName user={r.user} name={r.nickname} className="font-semibold break-all text-slate-700" />
        <span className="text-sm text-slate-500">{formatDate(r.date, timeZone)}</span>
        {r.held ? null : <div className="ml-auto">{report(r)}</div>}
        {r.held ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-800">{REVIEW_LABEL}</span> : null}
      </div>
      {r.held ? <p className="mt-1 text-sm text-amber-900">{HELD_NOTE}</p> : null}
      <p className="mt-2 break-words whitespace-pre-line">{r.content}</p>
      {r.reply ? (
        <div className="mt-3 rounded-lg bg-slate-50 px-3 py-2">
          <p className="text-sm font-semibold text-slate-700">
            사장님 답글 <span className="font-normal text-slate-500">{formatDate(r.replydate, timeZone)}</span>
          </p>
          <p className="mt-1 break-words whitespace-pre-line">{r.reply}</p>
        </div>
      ) : r.held ? null : (
        <div {...forOwner(owner)}>
          <ReplyForm review={r.id} refusal={refusal?.review === r.id ? refusal : undefined} />
        </div>
      )}
    </li>
  );
}

/** The member's own review while it waits (검토 중), for them alone: a personal part
 * (components/personal), since the shared copy holds no one's waiting review. Drawn from `me`
 * with no router hooks, as parts are. On a page drawn for the member alone it is in the list. */
export function OwnReviewView({ me, business, timeZone }: { me: Me | null; business: number; timeZone: string }) {
  const r = reviewOf(me, 'business', business);
  if (!r?.held) return null;
  return (
    <ul className="mt-4">
      <li id={`review-${r.id}`} className="scroll-mt-24 rounded-xl bg-amber-50 px-4 py-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Stars rating={r.rating} />
          <span className="font-semibold break-all text-slate-700">{r.nickname}</span>
          <span className="text-sm text-slate-500">{formatDate(r.date, timeZone)}</span>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-800">{REVIEW_LABEL}</span>
        </div>
        <p className="mt-1 text-sm text-amber-900">{HELD_NOTE}</p>
        <p className="mt-2 break-words whitespace-pre-line">{r.content}</p>
      </li>
    </ul>
  );
}

function ReviewForm({ refusal }: { refusal?: ReviewRefusal }) {
  const busy = useNavigation().state === 'submitting';
  const problems = refusal?.problems ?? {};
  return (
    <Form method="post" preventScrollReset className="mt-4 space-y-3 rounded-xl border border-slate-200 p-4">
      <input type="hidden" name="intent" value="review" />
      <fieldset {...problemProps(problems.rating, 'review-rating')}>
        <legend className="mb-2 font-semibold">별점</legend>
        <div className="flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((n) => (
            <label
              key={n}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                required
                defaultChecked={refusal?.rating === String(n)}
                className="size-5 shrink-0"
              />
              <span aria-hidden="true" className="text-amber-500">
                {'★'.repeat(n)}
              </span>
              <span>{n}점</span>
            </label>
          ))}
        </div>
        <ProblemText controlId="review-rating" problem={problems.rating} />
      </fieldset>
      <div>
        <label htmlFor="review-content" className="block font-semibold">
          후기
        </label>
        <textarea
          id="review-content"
          name="content"
          rows={4}
          required
          minLength={BUSINESS_REVIEW_MIN}
          maxLength={BUSINESS_REVIEW_MAX}
          defaultValue={refusal?.content}
          placeholder={`${BUSINESS_REVIEW_MIN}자 이상 써 주세요. 이용해 본 경험을 솔직하게 들려주세요.`}
          className={box}
          {...problemProps(problems.content, 'review-content')}
        />
        <ProblemText controlId="review-content" problem={problems.content} />
      </div>
      <button type="submit" disabled={busy} className={button}>
        후기 남기기
      </button>
    </Form>
  );
}

export function BusinessReviews({
  items,
  state,
  path,
  timeZone,
  refusal,
  report,
}: {
  report: ReportSlot;
  items: BusinessReviewShown[];
  state: ReviewerState;
  path: string;
  timeZone: string;
  refusal?: ReviewRefusal;
}) {
  const first = items.slice(0, FIRST_REVIEWS);
  const rest = items.slice(FIRST_REVIEWS);
  const item = (r: BusinessReviewShown) => (
    <ReviewItem key={r.id} review={r} owner={state.owner} timeZone={timeZone} refusal={refusal} report={report} />
  );
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-6 scroll-mt-24 border-t border-slate-100 pt-4">
      <h2 id="reviews-title" className="text-lg font-bold">
        후기 <span className="font-normal text-slate-500">{items.filter((r) => !r.held).length}</span>
      </h2>
      {state.mayReview !== false ? (
        <div {...forMembers} {...notOwner(state.owner)} {...unlessReviewed('business', state.business)}>
          <ReviewForm refusal={refusal?.review === 0 ? refusal : undefined} />
        </div>
      ) : null}
      <Personal name="own-review" view={OwnReviewView} props={{ business: state.business, timeZone }} />
      <p className="mt-2 text-slate-600" {...forVisitors}>
        <Link to={`/login?next=${encodeURIComponent(`${path}#reviews`)}`} className="font-semibold text-brand-700 underline">
          로그인
        </Link>
        하고 후기를 남겨 주세요.
      </p>
      {items.length === 0 ? (
        // Not to the member whose first review waits: theirs is above.
        <p className="mt-3 rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-600" {...unlessReviewed('business', state.business)}>
          아직 후기가 없습니다. 첫 후기를 남겨 주세요.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">{first.map(item)}</ul>
          {rest.length ? (
            <details className="group">
              <summary className="flex min-h-11 cursor-pointer items-center justify-center rounded-full border border-slate-300 font-semibold text-slate-700 group-open:hidden">
                후기 더보기 ({rest.length})
              </summary>
              <ul className="divide-y divide-slate-100">{rest.map(item)}</ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
