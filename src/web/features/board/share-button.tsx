import { showMessage } from '../../lib/screen-store.ts';

/** The phone's share sheet where there is one, otherwise the address copied with a toast. Both
 * need the app: without JavaScript the button is not shown (the address bar shares the page). */
export function ShareButton({ title }: { title: string }) {
  async function share() {
    const url = window.location.href.split('#')[0] ?? window.location.href;
    if (navigator.share) {
      // A closed share sheet rejects: nothing to report.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      showMessage('주소를 복사했습니다');
    } catch {
      showMessage(`주소: ${url}`);
    }
  }
  return (
    <button
      type="button"
      onClick={share}
      className="inline-flex min-h-11 items-center rounded-full noscript:hidden border border-slate-300 bg-white px-4 font-semibold text-slate-700 hover:bg-slate-50"
    >
      공유하기
    </button>
  );
}
