// The site as an app on the phone (PRODUCT.md "On the phone like an app"): where the manifest,
// the service worker and its offline page are served, and the colour the phone's frame takes.
// Shared by the pages (which link them) and the server (which serves them).

export const MANIFEST_URL = '/manifest.webmanifest';
export const SERVICE_WORKER_URL = '/sw.js';
export const OFFLINE_URL = '/offline.html';
/** What a page posts to a new build's waiting service worker to have it take over. */
export const TAKE_OVER_MESSAGE = 'take-over';
export const THEME_COLOR = '#184c99';
/** The icons' folder, and the icon a pushed notification shows. */
export const APP_ICON_PATH = '/icons/';
export const APP_ICON_URL = `${APP_ICON_PATH}icon-192.png`;
/** The picture a shared link's card shows (KakaoTalk, Facebook, X) for an item without a photo:
 * drawn per page with its title, at the size those cards are drawn at. */
export const SHARE_CARD = { prefix: '/share-card', width: 1200, height: 630 } as const;

/** The share card of an item's page (`/community/12` → `/share-card/community/12.png`). */
export function shareCardUrl(pagePath: string): string {
  return `${SHARE_CARD.prefix}${pagePath}.png`;
}

/** A member's own pages: the service worker never keeps them, whoever asks. */
export const PRIVATE_PAGE_PREFIXES = ['/mypage', '/messages', '/admin', '/login'] as const;
