import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { formatDate } from '#shared/format.ts';
import type { BoardItem } from './board-types.ts';
import { CardLink } from '../../components/ui/card-link.tsx';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';

/** News, life and community lists: one dense row per post, the title first. */
export function BoardList({ items, base, timeZone }: { items: BoardItem[]; base: string; timeZone: string }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((i) => (
        <li key={i.id} className="group relative px-4 py-3">
          <span className="flex flex-wrap items-baseline gap-x-2">
            {i.category ? <span className="text-sm font-semibold text-brand-700">{`[${i.category}]`}</span> : null}
            <CardLink to={`${base}/${i.id}`} className="text-lg font-medium group-hover:text-brand-700 group-hover:underline">
              {i.title}
            </CardLink>
            {i.english ? <span className="rounded bg-slate-100 px-1.5 text-xs font-semibold text-slate-600">EN</span> : null}
            {i.comment > 0 ? (
              <span className="text-sm font-semibold text-brand-600" title={`댓글 ${i.comment}개`}>
                {`[${i.comment}]`}
              </span>
            ) : null}
          </span>
          <MetaLine
            author={i}
            parts={[formatDate(i.date, timeZone), i.location]}
            counts={[
              ['조회', i.count],
              ['좋아요', i.like],
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

/** An entry linked to by its anchor (`#faq-12`, from search results and my likes) opens and
 * comes into view. The server never sees the hash, so the page is rendered closed and this
 * runs after hydration, and again when a link on the page changes the hash. */
function useOpenAnchored(anchor: string | undefined): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!anchor || !hash.startsWith(`#${anchor}-`)) return;
    const entry = document.getElementById(hash.slice(1));
    if (!(entry instanceof HTMLDetailsElement)) return;
    entry.open = true;
    entry.scrollIntoView({ block: 'start' });
    // Keyboard and screen-reader users continue from the entry, not from the top of the page.
    entry.querySelector('summary')?.focus({ preventScroll: true });
  }, [anchor, hash]);
}

/** FAQ and organizations: posts without a page of their own (SPEC §2 has no detail route for
 * them), opened in place. With `anchor`, each entry has the id `${anchor}-${id}`. */
export function ExpandableList({
  items,
  timeZone,
  showMeta,
  anchor,
  pageOf,
}: {
  items: BoardItem[];
  timeZone: string;
  showMeta: boolean;
  anchor?: string;
  /** Where an entry also has a page of its own (a FAQ answer's, to share). */
  pageOf?: (id: number) => string;
}) {
  useOpenAnchored(anchor);
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((i) => (
        <details key={i.id} id={anchor ? `${anchor}-${i.id}` : undefined} className="group scroll-mt-4 px-4 py-3">
          <summary className="flex cursor-pointer list-none items-baseline gap-2 text-lg font-medium">
            <span aria-hidden="true" className="text-brand-600 transition-transform group-open:rotate-90">
              ›
            </span>
            {i.category ? <span className="shrink-0 text-sm font-semibold text-brand-700">{`[${i.category}]`}</span> : null}
            <span>{i.title}</span>
          </summary>
          <RichText html={i.content} className="mt-1 pl-5" />
          {showMeta ? <MetaLine author={i} parts={[formatDate(i.date, timeZone), i.location]} counts={[]} /> : null}
          {pageOf ? (
            <Link to={pageOf(i.id)} className="mt-1 ml-5 inline-block py-2 text-sm font-semibold text-brand-700 hover:underline">
              이 답변 페이지로 ›
            </Link>
          ) : null}
        </details>
      ))}
    </div>
  );
}
