import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { takeOver, watchForUpdate } from '../../lib/app-update.ts';
import { hasUnsavedInput } from '../../lib/unsaved-input.ts';

// The page says when a new build is ready (lib/app-update.ts) and reloads when the reader agrees.
// A reader in the middle of typing loses nothing: the new build takes over at once, but the page
// is reloaded only at their next page (a saved post's page, say).

type State = { kind: 'none' } | { kind: 'waiting'; worker: ServiceWorker } | { kind: 'held' };

const BUTTON = 'inline-flex min-h-11 items-center rounded-full px-4 font-semibold whitespace-nowrap';

export function UpdateNotice() {
  const [state, setState] = useState<State>({ kind: 'none' });
  // A held reload stays held when its note is closed.
  const [closed, setClosed] = useState(false);
  useEffect(() => watchForUpdate((worker) => setState({ kind: 'waiting', worker })), []);

  // Held: the next page the reader goes to is loaded from the new build.
  const location = useLocation();
  const heldAt = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (state.kind !== 'held') return;
    heldAt.current ??= location.key;
    if (heldAt.current !== location.key) window.location.reload();
  }, [state.kind, location.key]);

  if (state.kind === 'none' || closed) return null;
  const reload = async () => {
    if (state.kind !== 'waiting') return;
    await takeOver(state.worker);
    if (hasUnsavedInput()) setState({ kind: 'held' });
    else window.location.reload();
  };
  return (
    <div className="fixed inset-x-0 bottom-0 z-50 flex justify-center px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <section
        aria-label="새 버전 안내"
        className="flex w-full max-w-md flex-wrap items-center gap-2 rounded-2xl bg-slate-800 p-3 text-white shadow-lg"
      >
        {state.kind === 'waiting' ? (
          <>
            <p role="status" className="min-w-0 flex-1 basis-48 break-keep">
              사이트가 새 버전으로 바뀌었습니다. 새로고침하면 적용됩니다.
            </p>
            <button type="button" onClick={() => void reload()} className={`${BUTTON} bg-white text-slate-900 hover:bg-slate-100`}>
              새로고침
            </button>
            <button type="button" onClick={() => setState({ kind: 'none' })} className={`${BUTTON} text-white hover:bg-slate-700`}>
              나중에
            </button>
          </>
        ) : (
          <>
            <p role="status" className="min-w-0 flex-1 basis-48 break-keep">
              작성 중인 내용은 그대로 둡니다. 다음 페이지부터 새 버전으로 열립니다.
            </p>
            <button type="button" onClick={() => setClosed(true)} className={`${BUTTON} text-white hover:bg-slate-700`}>
              닫기
            </button>
          </>
        )}
      </section>
    </div>
  );
}
