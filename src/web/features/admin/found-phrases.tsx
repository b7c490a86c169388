import { type FoundWarning, ScamWarningText } from '#shared/scam-warnings.ts';

/** The words the scam checks found in an item, each marked, with why it matters (/admin/queue,
 * /admin/report). */
export function FoundPhrases({ warnings }: { warnings: readonly FoundWarning[] }) {
  if (!warnings.length) return null;
  return (
    <ul aria-label="발견된 표현" className="mt-2 space-y-1 text-sm">
      {warnings.map((w) => (
        <li key={w.key} className="break-words">
          <mark className="rounded bg-amber-100 px-1 font-semibold text-amber-900">{w.phrase}</mark>{' '}
          <span className="text-slate-600">{ScamWarningText[w.key]}</span>
        </li>
      ))}
    </ul>
  );
}
