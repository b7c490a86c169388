/** The small grey line under a title: author, date and the counts the entity has. Counts are
 * labelled words, not icons alone, so they read out and make sense to older readers. */
export function PostMeta({ parts, counts }: { parts: (string | undefined)[]; counts: [label: string, value: number | undefined][] }) {
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-500">
      {parts.filter(Boolean).map((p) => (
        <span key={p}>{p}</span>
      ))}
      {counts
        .filter(([, value]) => value !== undefined)
        .map(([label, value]) => (
          <span key={label}>
            {label} {value?.toLocaleString('en-US')}
          </span>
        ))}
    </p>
  );
}
