import type { MetaDescriptor } from 'react-router';
import { SHARE_CARD, shareCardUrl } from '#shared/app-shell.ts';

// The card a shared link shows (PRODUCT.md "On the phone like an app", Share): KakaoTalk,
// Facebook and others read Open Graph, X its own twitter: tags. Every address is absolute on the
// site's origin (lib/site-origin.server.ts); React writes the values escaped.

export interface ShareCard {
  siteName: string;
  /** SITE_URL, else the origin the request came to. */
  origin: string;
  path: string;
  title: string;
  description: string;
  /** The item's first photo, a path on the site (or an address); else the card drawn with its
   * title (server/pages/share-card.ts). */
  image?: string;
}

export function shareCardMeta(card: ShareCard): MetaDescriptor[] {
  const url = `${card.origin}${card.path}`;
  const photo = card.image ? new URL(card.image, `${card.origin}/`).href : undefined;
  const drawn = `${card.origin}${shareCardUrl(card.path)}`;
  const image = photo
    ? [{ property: 'og:image', content: photo }]
    : [
        { property: 'og:image', content: drawn },
        { property: 'og:image:width', content: String(SHARE_CARD.width) },
        { property: 'og:image:height', content: String(SHARE_CARD.height) },
      ];
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: card.siteName },
    { property: 'og:locale', content: 'ko_KR' },
    { property: 'og:title', content: card.title },
    { property: 'og:description', content: card.description },
    { property: 'og:url', content: url },
    ...image,
    { property: 'og:image:alt', content: card.title },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: card.title },
    { name: 'twitter:description', content: card.description },
    { name: 'twitter:image', content: photo ?? drawn },
  ];
}
