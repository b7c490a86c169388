/** A listing past its close date (modules/freshness): 마감, in lists and on its page. */
export function ClosedBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`shrink-0 rounded bg-slate-700 px-1.5 py-0.5 text-xs font-bold whitespace-nowrap text-white ${className}`}>마감</span>
  );
}
