// Keyboard shortcuts (SPEC §2): the whole key map, in one place.
//
//   f      shortcut mode on; f again or Esc: off
//   h      home                         b      back
//   0      home (header: site name)     s      search field (header; gets focus)
//   c      고객센터 /customer             m      마이페이지 /mypage
//   c f    자주 묻는 질문 /customer/faq     m l    좋아요한 글 /mypage/like
//   c i    1:1 문의 /customer/inquiry     m i    내 문의 /mypage/inquiry
//                                       m m    내 정보 /mypage/myinfo
//                                       m n    알림 /mypage/notifications
//   (c… and m… are the footer's links, on every page with the header.)
//
// A target is the element whose id is `shortcut` + its keys. Keys are read by physical key
// (KeyboardEvent.code), so they work while the Korean input method is on. Sequences: when the
// keys typed so far name a target and no longer one starts with them, it runs at once; when a
// longer one could follow (c → cf, ci), it runs after SEQUENCE_MS unless another key comes first
// (Enter runs it at once, Backspace starts over). Target keys never start with f, h or b, which
// are commands. WCAG 2.1.4: shortcuts can be switched off in 내 정보 (kept in this browser).

export const SHORTCUT_COMMANDS = { mode: 'f', home: 'h', back: 'b' } as const;

export const SHORTCUT_TARGETS = [
  { keys: '0', label: '홈(사이트 이름)', to: '/' },
  { keys: 's', label: '검색', to: null },
  { keys: 'c', label: '고객센터', to: '/customer' },
  { keys: 'cf', label: '자주 묻는 질문', to: '/customer/faq' },
  { keys: 'ci', label: '1:1 문의', to: '/customer/inquiry' },
  { keys: 'm', label: '마이페이지', to: '/mypage' },
  { keys: 'ml', label: '좋아요한 글', to: '/mypage/like' },
  { keys: 'mi', label: '내 문의', to: '/mypage/inquiry' },
  { keys: 'mm', label: '내 정보', to: '/mypage/myinfo' },
  { keys: 'mn', label: '알림', to: '/mypage/notifications' },
] as const;
export type ShortcutKeys = (typeof SHORTCUT_TARGETS)[number]['keys'];

/** How long a target that a longer one could extend waits for the next key. */
export const SEQUENCE_MS = 1000;

export const SHORTCUT_ID_PREFIX = 'shortcut';
export function shortcutId(keys: ShortcutKeys): string {
  return `${SHORTCUT_ID_PREFIX}${keys}`;
}

/** SPEC §2: every write page and the inquiry form switch shortcuts off (people type there). */
export function shortcutsAllowed(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return !path.endsWith('/write') && path !== '/customer/inquiry';
}

/** The letter or digit of a physical key ('KeyF' → 'f', 'Digit0' → '0'), '' for any other. */
export function keyOfCode(code: string): string {
  const m = /^(?:Key([A-Z])|Digit(\d)|Numpad(\d))$/.exec(code);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase() : '';
}

const NOT_TYPING_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'color', 'range']);

/** Focus in a place that takes text: shortcuts stay quiet there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TYPING_INPUTS.has(target.type);
}

/** What the keys typed so far do among the targets on the page: run now, wait for more (with
 * `exact` as what runs when nothing follows), or nothing matches. */
export function matchKeys(typed: string, available: readonly string[]): { step: 'go' | 'wait' | 'none'; exact: boolean } {
  const exact = available.includes(typed);
  const longer = available.some((k) => k.length > typed.length && k.startsWith(typed));
  return { step: longer ? 'wait' : exact ? 'go' : 'none', exact };
}
