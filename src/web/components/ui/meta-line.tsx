import { CardMemberName } from './member-name.tsx';

/** A line of facts under a title (author, date, place, 조회 12 ...): each fact keeps to one line
 * on a phone, and the line breaks only between facts (PRODUCT.md, Screens: numbers, dates and
 * counters never split). Empty parts are left out; counts get thousands separators. An `author`
 * comes first, their nickname a link to their profile above the card's own link. */
export function MetaLine({
  author,
  parts,
  counts = [],
  className = 'mt-1 text-sm text-slate-500',
}: {
  author?: { user: number; name: string };
  parts: (string | undefined)[];
  counts?: [label: string, value: number | undefined][];
  className?: string;
}) {
  const facts = [
    ...parts.filter((p): p is string => Boolean(p)),
    ...counts.filter(([, value]) => value !== undefined).map(([label, value]) => `${label} ${value?.toLocaleString('en-US')}`),
  ];
  return (
    <span className={`flex flex-wrap gap-x-3 gap-y-0.5 ${className}`}>
      {author?.name ? (
        <span className="max-w-full min-w-0 whitespace-nowrap">
          <CardMemberName user={author.user} name={author.name} />
        </span>
      ) : null}
      {facts.map((fact) => (
        <span key={fact} className="whitespace-nowrap">
          {fact}
        </span>
      ))}
    </span>
  );
}
