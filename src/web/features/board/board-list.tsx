import { Link } from 'react-router';
import { formatDate } from '#shared/format.ts';
import { type BoardItem } from './board-types.ts';
import { PostMeta } from './post-meta.tsx';
import { RichText } from './rich-text.tsx';

/** News, life and community lists: one dense row per post, the title first. */
export function BoardList({ items, base, timeZone }: { items: BoardItem[]; base: string; timeZone: string }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((i) => (
        <li key={i.id} className="px-4 py-3">
          <Link to={`${base}/${i.id}`} className="group block">
            <span className="flex flex-wrap items-baseline gap-x-2">
              {i.category ? <span className="text-sm font-semibold text-brand-700">[{i.category}]</span> : null}
              <span className="text-lg font-medium group-hover:text-brand-700 group-hover:underline">{i.title}</span>
              {i.english ? <span className="rounded bg-slate-100 px-1.5 text-xs font-semibold text-slate-600">EN</span> : null}
              {i.comment > 0 ? (
                <span className="text-sm font-semibold text-brand-600" title={`댓글 ${i.comment}개`}>
                  [{i.comment}]
                </span>
              ) : null}
            </span>
            <PostMeta
              parts={[i.name, formatDate(i.date, timeZone), i.location]}
              counts={[
                ['조회', i.count],
                ['좋아요', i.like],
              ]}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** FAQ and organizations: posts without a page of their own (SPEC §2 has no detail route for
 * them), opened in place. */
export function ExpandableList({ items, timeZone, showMeta }: { items: BoardItem[]; timeZone: string; showMeta: boolean }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((i) => (
        <details key={i.id} className="group px-4 py-3">
          <summary className="flex cursor-pointer list-none items-baseline gap-2 text-lg font-medium">
            <span aria-hidden="true" className="text-brand-600 transition-transform group-open:rotate-90">
              ›
            </span>
            {i.category ? <span className="shrink-0 text-sm font-semibold text-brand-700">[{i.category}]</span> : null}
            <span>{i.title}</span>
          </summary>
          <RichText html={i.content} className="mt-1 pl-5" />
          {showMeta ? <PostMeta parts={[i.name, formatDate(i.date, timeZone), i.location]} counts={[]} /> : null}
        </details>
      ))}
    </div>
  );
}
