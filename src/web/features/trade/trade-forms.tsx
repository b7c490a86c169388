import { Form, useNavigation } from 'react-router';
import { REVIEW_CONTENT_MAX, REVIEW_RATINGS, ReviewRatingLabel, REVIEW_TAGS, ReviewTagLabel } from '#shared/trust.ts';
import { MemberName } from '../../components/ui/member-name.tsx';

// A sale's two steps on its trade page: the seller's 거래완료 with the buyer chosen among the
// members who wrote to them about the item, then each party's review of the other. Plain form
// posts to the page's action, the same with or without JavaScript.

const button = 'min-h-11 rounded-full bg-brand-600 px-6 font-semibold whitespace-nowrap text-white hover:bg-brand-700 disabled:opacity-50';
const choice =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';

function Refusal({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="font-semibold text-red-700">
      {message}
    </p>
  ) : null;
}

/** 거래완료: the buyer among the members who talked about the item, or none. */
export function SoldForm({ buyers, error }: { buyers: { id: number; nickname: string }[]; error?: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value="sold" />
      <fieldset className="space-y-2" aria-describedby={error ? 'sold-error' : undefined}>
        <legend className="mb-2 font-semibold">구매자를 골라 주세요</legend>
        {buyers.length === 0 ? (
          <p className="text-slate-600">이 물건에 대해 쪽지를 나눈 회원이 없습니다. 구매자 없이 거래완료할 수 있습니다.</p>
        ) : (
          buyers.map((b) => (
            <label key={b.id} className={choice}>
              <input type="radio" name="buyer" value={b.id} className="size-5 shrink-0" />
              <span className="min-w-0 break-words">{b.nickname}</span>
            </label>
          ))
        )}
        <label className={choice}>
          <input type="radio" name="buyer" value="" defaultChecked className="size-5 shrink-0" />
          <span>구매자를 정하지 않고 거래완료</span>
        </label>
      </fieldset>
      <Refusal id="sold-error" message={error} />
      <p className="text-sm text-slate-600">구매자를 고르면 두 분이 서로 거래후기를 남길 수 있습니다.</p>
      <button type="submit" disabled={busy} className={button}>
        거래완료
      </button>
    </Form>
  );
}

/** One party's review of the other: 별로예요 / 좋아요 / 최고예요, tags, an optional text. */
export function ReviewForm({
  other,
  error,
  sent,
}: {
  other: { id: number; nickname: string };
  error?: string;
  sent?: { rating?: number; tags?: number[]; content?: string };
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value="review" />
      <h2 className="text-lg font-bold break-words">
        <MemberName user={other.id} name={other.nickname} />
        님과의 거래는 어떠셨나요?
      </h2>
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">평가</legend>
        {[...REVIEW_RATINGS].reverse().map((r) => (
          <label key={r} className={choice}>
            <input type="radio" name="rating" value={r} required defaultChecked={sent?.rating === r} className="size-5 shrink-0" />
            <span>{ReviewRatingLabel[r]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold">어떤 점이 좋았나요? (선택)</legend>
        <div className="flex flex-wrap gap-2">
          {REVIEW_TAGS.map((t) => (
            <label key={t} className={choice}>
              <input type="checkbox" name="tags" value={t} defaultChecked={sent?.tags?.includes(t)} className="size-5 shrink-0" />
              <span>{ReviewTagLabel[t]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="review-content" className="block font-semibold">
          후기 (선택)
        </label>
        <textarea
          id="review-content"
          name="content"
          rows={4}
          maxLength={REVIEW_CONTENT_MAX}
          defaultValue={sent?.content}
          aria-describedby={error ? 'review-error' : undefined}
          className="w-full rounded-lg border border-slate-300 p-3 text-base"
        />
      </div>
      <Refusal id="review-error" message={error} />
      <button type="submit" disabled={busy} className={button}>
        후기 남기기
      </button>
    </Form>
  );
}
