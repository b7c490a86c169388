import { Link } from './link.tsx';

/** The page numbers shown around the current one: first, last, and a window of neighbours, with
 * gaps (null) between. Short enough for a 360 px phone. */
function pageWindow(page: number, last: number, span = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - page) <= span) pages.push(p);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

const CELL = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-2';

/** Numbered pages as plain links (they work without JavaScript and can be shared); `href` builds
 * the address of a page. Nothing when everything fits on one page. */
export function Pagination({ page, size, total, href }: { page: number; size: number; total: number; href: (page: number) => string }) {
  const last = Math.max(1, Math.ceil(total / size));
  if (last <= 1) return null;
  return (
    <nav aria-label="페이지" className="mt-6 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} className={`${CELL} hover:bg-slate-100`} aria-label="이전 페이지">
              ‹
            </Link>
          </li>
        ) : null}
        {pageWindow(page, last).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap${i}`} aria-hidden="true" className={`${CELL} text-slate-400`}>
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-current={p === page ? 'page' : undefined}
                className={`${CELL} ${p === page ? 'bg-brand-600 font-bold text-white' : 'hover:bg-slate-100'}`}
              >
                {/* Named "3페이지" by its content, so the name holds the number a person sees. */}
                {p}
                <span className="sr-only">페이지</span>
              </Link>
            </li>
          ),
        )}
        {page < last ? (
          <li>
            <Link to={href(page + 1)} className={`${CELL} hover:bg-slate-100`} aria-label="다음 페이지">
              ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
