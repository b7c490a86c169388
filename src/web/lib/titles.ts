import { feedOf, sectionByKey } from '#shared/sections.ts';

/** A page's <title>: the page, then the site (PRODUCT.md, Screens). */
export function pageTitle(siteName: string, title?: string): string {
  return title ? `${title} | ${siteName}` : siteName;
}

/** The `<link rel="alternate">` that lets a reader find a section's RSS feed from its pages; none
 * for a section without a feed. */
export function feedLink(siteName: string, sectionKey: string) {
  const section = sectionByKey(sectionKey);
  const href = section && feedOf(section);
  return href ? [{ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: `${siteName} ${section.label}`, href }] : [];
}
