import { useScreen } from '../../lib/screen-store.ts';

/** SPEC §2/§9: the loading overlay, over the page and any dialog while a call made with
 * withLoading runs. It reads 불러오는 중 and keeps the spec's word Loading for assistive tech
 * (PRODUCT.md). It fades in after 150 ms so quick calls do not flash. */
export function LoadingOverlay() {
  const loading = useScreen((s) => s.loading > 0);
  if (!loading) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/60 opacity-100 transition-opacity delay-150 duration-200 starting:opacity-0">
      <div role="status" className="flex items-center gap-3 rounded-xl bg-white px-5 py-4 text-lg font-semibold shadow-lg">
        <span aria-hidden="true" className="size-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
        불러오는 중<span className="sr-only"> Loading</span>
      </div>
    </div>
  );
}
