import { Link } from '../../components/ui/link.tsx';
import { formatDate } from '#shared/format.ts';
import { REVIEW_RATINGS, ReviewRatingLabel, type ReviewShown, ReviewTagLabel } from '#shared/trust.ts';

// The parts of a member's profile (/member/{id}): their standing, the reviews they received and
// their posts and listings, each a link to its page.

/** A post or listing as the profile lists it: where it is read and its section's name. */
export interface ProfileEntry {
  key: string;
  path: string;
  section: string;
  title: string;
  date: string;
  closed?: boolean;
}

export function Badges({ badges }: { badges: string[] }) {
  if (!badges.length) return null;
  return (
    <ul aria-label="배지" className="flex flex-wrap gap-2">
      {badges.map((b) => (
        <li key={b} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
          {b}
        </li>
      ))}
    </ul>
  );
}

/** 거래후기: how many of each rating, then the newest with their tags and text. */
export function ReviewSummary({ counts, latest, timeZone }: { counts: Record<number, number>; latest: ReviewShown[]; timeZone: string }) {
  return (
    <section aria-labelledby="reviews-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="reviews-title" className="text-lg font-bold">
        받은 거래후기
      </h2>
      <ul className="mt-3 grid grid-cols-3 gap-2 text-center">
        {[...REVIEW_RATINGS].reverse().map((r) => (
          <li key={r} className="rounded-lg bg-slate-50 px-2 py-3">
            <span className="block text-sm text-slate-600">{ReviewRatingLabel[r]}</span>
            <span className="block text-xl font-bold text-slate-900">{counts[r] ?? 0}</span>
          </li>
        ))}
      </ul>
      {latest.length === 0 ? (
        <p className="mt-4 text-slate-600">아직 받은 거래후기가 없습니다.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {latest.map((review) => (
            <li key={`${review.date}-${review.rating}-${review.content}`} className="py-3">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{ReviewRatingLabel[review.rating]}</span>
                <span className="text-sm text-slate-500">{formatDate(review.date, timeZone)}</span>
              </p>
              {review.tags.length ? (
                <ul aria-label="태그" className="mt-1 flex flex-wrap gap-1">
                  {review.tags.map((tag) => (
                    <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-sm text-slate-700">
                      {ReviewTagLabel[tag]}
                    </li>
                  ))}
                </ul>
              ) : null}
              {review.content ? <p className="mt-1 break-words whitespace-pre-line">{review.content}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A list of posts or listings, with what it says when there are none. */
export function EntryList({ title, total, entries, empty }: { title: string; total: number; entries: ProfileEntry[]; empty: string }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white">
      <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-bold">
        {title} <span className="text-brand-700">{total}</span>
      </h2>
      {entries.length === 0 ? (
        <p className="px-4 py-6 text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {entries.map((e) => (
            // On a phone the title has the row's width and its facts go under it: squeezed between
            // its section and its date, titles wrapped in a narrow column that started wherever
            // the section's name ended. From sm up the facts stand beside it, in reading order.
            <li key={e.key} className="px-4 py-3 sm:flex sm:items-center sm:gap-2">
              <Link
                to={e.path}
                className="block font-medium break-words hover:text-brand-700 hover:underline sm:order-2 sm:min-w-0 sm:flex-1"
              >
                {e.title}
              </Link>
              <span className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-500 sm:contents">
                <span className="sm:order-1">{e.section}</span>
                {e.closed ? (
                  <span className="rounded bg-slate-700 px-1.5 py-0.5 text-xs font-bold text-white sm:order-1">거래완료·마감</span>
                ) : null}
                <span className="whitespace-nowrap sm:order-3">{e.date}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
