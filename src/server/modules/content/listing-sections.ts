import { listOf, type Section, SECTIONS, type SectionKey } from '#shared/sections.ts';
import type { SectionTable } from '#shared/schemas/content.ts';
import { CONTENT_RESOURCES } from './content-resources.ts';
import type { ContentName } from './content.types.ts';

// Listings (PRODUCT.md "Scam defence": market, housing, jobs) are the sections whose items close
// (their resource declares `close`, for these sections where a table holds several): what the
// scam checks read and APPROVE_FIRST counts. Derived from the declarations, so a new listing
// kind is one without an edit here.

export interface ListingSection {
  key: SectionKey;
  name: SectionTable;
  /** The section's code where its table holds several sections (board: the market). */
  topcategory?: number;
  /** Where its items are read. */
  path: string;
}

/** How a section's items close as a trade (거래완료, 마감): its resource's `close`, where it
 * applies to the section. Those sections hold listings; the others posts (a member's profile). */
export function tradeCloseOf(section: Section): { column: string; value: number } | undefined {
  const close = CONTENT_RESOURCES[section.storage.table].close;
  return close && (!close.sections || close.sections.includes(section.storage.topcategory)) ? close : undefined;
}

export const LISTING_SECTIONS: readonly ListingSection[] = SECTIONS.flatMap((section) => {
  const close = CONTENT_RESOURCES[section.storage.table].close;
  if (!close || !tradeCloseOf(section)) return [];
  const topcategory = close.sections ? section.storage.topcategory : undefined;
  return [{ key: section.key, name: section.storage.table, topcategory, path: listOf(section).path }];
});

/** The listing section of a resource's item (its row or its input), if it is one. */
export function listingSectionOf(name: ContentName, row: Record<string, unknown>): ListingSection | undefined {
  return LISTING_SECTIONS.find((s) => s.name === name && (s.topcategory === undefined || s.topcategory === row.topcategory));
}

export function listingSectionByKey(key: string): ListingSection | undefined {
  return LISTING_SECTIONS.find((s) => s.key === key);
}
