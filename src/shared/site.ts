import { listOf, SECTION_LISTS, SECTIONS, type Section } from './sections.ts';

// The site's paths: the header's sections (from the one sections table), return-to targets and
// where an item is read.

/** The portal's sections as the header shows them, in PRODUCT.md's order. */
export const SITE_SECTIONS: readonly Section[] = SECTIONS;

/** One tab of the site's navigation. */
export interface SiteTab {
  key: string;
  label: string;
  path: string;
}

/** The community calendar (PRODUCT.md's 행사 row): its own pages, not a section of the table. */
export const EVENTS_TAB: SiteTab = { key: 'events', label: '행사', path: '/events' };

/** The header's tabs and the home page's shortcuts: the sections, with 행사 after 한인단체 as the
 * Sections table orders them. */
export const SITE_TABS: readonly SiteTab[] = SITE_SECTIONS.flatMap(({ key, label, path }) =>
  key === 'organizations' ? [{ key, label, path }, EVENTS_TAB] : [{ key, label, path }],
);

/** The login page that comes back to `next` (a path and query of this site) once logged in:
 * every login link that works without JavaScript. The login page checks `next` itself
 * (safeReturnPath), whatever a link says. */
export function loginHref(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

/** A return-to target: only a same-site relative path, anything else goes home. */
export function safeReturnPath(value: string | null | undefined): string {
  const ok = value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !/[\u0000-\u001f]/.test(value);
  if (!ok) return '/';
  // Percent-encoded as a Location header needs it (`/search?q=한글` would fail to send); read
  // back through URL, a path that resolves to another host (`/..//evil.example`) goes home too.
  const url = new URL(value as string, 'http://site.invalid');
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.host === 'site.invalid' && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}

/** The FAQ's list opens each answer in place (SPEC §2), under these anchors, and a link to one
 * (search results, my likes) is the list's page that has the entry (`entry`), at the entry's
 * anchor, which opens it. */
const IN_PLACE_ANCHORS: Record<string, string> = Object.fromEntries(
  SECTION_LISTS.flatMap((l) => (l.section.inPlace ? [[l.path, l.section.inPlace]] : [])),
);

/** The FAQ's list; each answer also has a page of its own under it (`faqPath`), the address the
 * customer centre shares when it answers with one. */
export const FAQ_LIST = listOf(SECTIONS.find((s) => s.key === 'customer') as Section).path;

export function faqPath(id: number): string {
  return `${FAQ_LIST}/${id}`;
}

/** The anchor prefix of a list whose entries open in place, by the list's path. */
export function inPlaceAnchor(listPath: string): string | undefined {
  return IN_PLACE_ANCHORS[listPath];
}

/** Where an item of the list at `listPath` is read. */
export function itemPath(listPath: string, id: number): string {
  const anchor = inPlaceAnchor(listPath);
  return anchor ? `${listPath}?entry=${id}#${anchor}-${id}` : `${listPath}/${id}`;
}

/** Where a comment is read: its item's page, at the comment (features/board/comments.tsx anchors
 * each one); a post read in place (FAQ, organizations) is anchored at the entry already.
 * `topcategory`: the item's section code (a board post's topcategory, TopCategory.housing ...). */
export function commentPath(topcategory: number, post: number, comment: number): string {
  const section = SECTIONS.find((s) => s.storage.topcategory === topcategory);
  const page = section ? itemPath(listOf(section).path, post) : `/community/${post}`;
  return page.includes('#') ? page : `${page}#comment-${comment}`;
}

/** A member's profile page (PRODUCT.md "Members and trust"). */
export function memberPath(id: number): string {
  return `/member/${id}`;
}

/** A sale's trade page, where its seller names the buyer and its two parties review each other. */
export function tradePath(target: string, item: number): string {
  return `/trade/${target}/${item}`;
}
