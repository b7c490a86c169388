import { useEffect, useRef, useState } from 'react';
import { caughtInstallPrompt, INSTALL_PROMPT, type InstallPromptEvent } from '../../lib/install-prompt.ts';

// The install hint (PRODUCT.md "On the phone like an app"): on a phone, where the site is not yet
// installed, a short note at the end of the page (in its flow: it never covers what is read)
// says the site opens like an app from the home screen. Android's Chromium installs it from the
// note's button; an iPhone has no such offer, so the note says where Safari's is. Shown once:
// once it has been on screen, or closed, it never comes again in this browser. Not for crawlers.

const SEEN_KEY = 'install-hint-seen';

/** An iPhone's Safari (other iPhone browsers cannot add to the home screen). */
const IPHONE_SAFARI = (ua: string) => /iPhone|iPod/.test(ua) && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|KAKAOTALK|NAVER/.test(ua);
const PHONE = (ua: string) => /Android.+Mobile|iPhone|iPod/.test(ua);

function seen(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

function markSeen(): void {
  try {
    localStorage.setItem(SEEN_KEY, new Date().toISOString());
  } catch {}
}

function installed(): boolean {
  return matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

type Offer = { kind: 'prompt'; prompt: InstallPromptEvent } | { kind: 'iphone' };

/** What this browser may be offered, when it waits for nothing more. */
async function offerHere(): Promise<'prompt' | 'iphone' | undefined> {
  const ua = navigator.userAgent;
  if (seen() || installed() || !PHONE(ua)) return;
  // Loaded only on a phone that could be offered the hint.
  const { isbot } = await import('isbot');
  if (isbot(ua)) return;
  return IPHONE_SAFARI(ua) ? 'iphone' : 'prompt';
}

const BUTTON = 'inline-flex min-h-11 items-center rounded-full px-4 font-semibold whitespace-nowrap';

export function InstallHint() {
  const [offer, setOffer] = useState<Offer | undefined>();
  const note = useRef<HTMLElement>(null);

  useEffect(() => {
    let stopped = false;
    const caught = () => {
      const prompt = caughtInstallPrompt();
      if (prompt && !stopped) setOffer({ kind: 'prompt', prompt });
    };
    void offerHere().then((kind) => {
      if (stopped || !kind) return;
      if (kind === 'iphone') return setOffer({ kind: 'iphone' });
      caught();
      addEventListener(INSTALL_PROMPT.caught, caught);
    });
    return () => {
      stopped = true;
      removeEventListener(INSTALL_PROMPT.caught, caught);
    };
  }, []);

  // Seen once it has been on screen: a later page does not show it again.
  useEffect(() => {
    const shown = note.current;
    if (!offer || !shown) return;
    const watch = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        markSeen();
        watch.disconnect();
      }
    });
    watch.observe(shown);
    return () => watch.disconnect();
  }, [offer]);

  if (!offer) return null;
  const close = () => {
    markSeen();
    setOffer(undefined);
  };
  const install = async () => {
    if (offer.kind !== 'prompt') return;
    await offer.prompt.prompt().catch(() => undefined);
    close();
  };
  return (
    <aside ref={note} aria-label="앱 설치 안내" className="mx-auto max-w-6xl px-4 pt-6">
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-slate-800">
        <p className="min-w-0 flex-1 basis-56 break-keep">
          {offer.kind === 'prompt'
            ? '홈 화면에 추가하면 앱처럼 바로 열고, 새 쪽지와 알림도 받을 수 있습니다.'
            : 'Safari 아래쪽의 공유 버튼을 누르고 ‘홈 화면에 추가’를 고르면 앱처럼 바로 열 수 있습니다.'}
        </p>
        <div className="flex gap-2">
          {offer.kind === 'prompt' ? (
            <button type="button" onClick={() => void install()} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
              홈 화면에 추가
            </button>
          ) : null}
          <button type="button" onClick={close} className={`${BUTTON} border border-slate-300 bg-white text-slate-700 hover:bg-slate-100`}>
            닫기
          </button>
        </div>
      </div>
    </aside>
  );
}
