import { Link } from '../../components/ui/link.tsx';
import type { SearchGroup, SearchResult } from '#shared/api.ts';
import { formatDate } from '#shared/format.ts';
import { highlightParts, isChosungWord } from '#shared/search-text.ts';
import { ClosedBadge } from '../../components/ui/closed-badge.tsx';

// /search's results: one block per section with its count and first results, or one section's
// pages; a closed listing carries 마감. Titles and snippets are plain text from the index; matches
// are wrapped in <mark> as React elements, so nothing found in a post can ever become markup.

export function Highlight({ text, words }: { text: string; words: string[] }) {
  return (
    <>
      {highlightParts(text, words).map((p, i) =>
        p.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string, never reordered
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-inherit">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

export function countLabel(g: Pick<SearchGroup, 'total' | 'more'>): string {
  return `${g.total.toLocaleString('en-US')}${g.more ? '+' : ''}`;
}

export function ResultList({ items, words, timeZone }: { items: SearchResult[]; words: string[]; timeZone: string }) {
  // A 초성 query matched titles only: marking whatever syllables of the text share its consonants
  // would mark what was not found.
  const textWords = words.filter((w) => !isChosungWord(w));
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((r) => (
        <li key={`${r.target}-${r.item}`} className="py-3">
          <div className="flex items-baseline gap-2">
            {r.closed ? <ClosedBadge /> : null}
            <Link to={r.url} className="min-w-0 text-lg font-semibold break-words text-brand-800 hover:underline">
              <Highlight text={r.title} words={words} />
            </Link>
          </div>
          {/* The English title only where the query was found in it (an English query): for the
              rest it would be a second title, lines long on a phone. */}
          {r.etitle && highlightParts(r.etitle, words).some((p) => p.hit) ? (
            <p lang="en" className="mt-0.5 truncate text-sm text-slate-600">
              <Highlight text={r.etitle} words={words} />
            </p>
          ) : null}
          {r.snippet ? (
            <p className="mt-1 line-clamp-2 break-words text-slate-700">
              <Highlight text={r.snippet} words={textWords} />
            </p>
          ) : null}
          <p className="mt-1 text-sm text-slate-500">{formatDate(r.date, timeZone)}</p>
        </li>
      ))}
    </ul>
  );
}

/** One section's block on the overview: label, count, first results, 더보기 to its pages. */
export function GroupBlock({ group, q, words, timeZone }: { group: SearchGroup; q: string; words: string[]; timeZone: string }) {
  const headingId = `search-${group.key}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {group.label} <span className="text-brand-700">{countLabel(group)}</span>
          <span className="sr-only">건</span>
        </h2>
        {group.total > group.items.length ? (
          <Link
            to={`/search?q=${encodeURIComponent(q)}&section=${group.key}`}
            aria-label={`${group.label} 검색 결과 더보기`}
            className="shrink-0 text-sm font-semibold text-brand-700 hover:underline"
          >
            더보기 ›
          </Link>
        ) : null}
      </div>
      <ResultList items={group.items} words={words} timeZone={timeZone} />
    </section>
  );
}

/** Nothing found: the usual reasons, and the 초성 search a Korean reader may not know about. */
export function NoResults({ q }: { q: string }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10">
      <h2 className="text-lg font-semibold">'{q}'에 대한 검색 결과가 없습니다</h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
        <li>검색어의 맞춤법을 확인해 보세요.</li>
        <li>단어 수를 줄이거나 더 일반적인 단어로 검색해 보세요.</li>
        <li>초성으로도 찾을 수 있습니다. 예: ㅅㄷ → 식당</li>
      </ul>
    </section>
  );
}
