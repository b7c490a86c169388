import { listOf, SECTIONS, type SectionKey } from '#shared/sections.ts';
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

export const LISTING_SECTIONS: readonly ListingSection[] = SECTIONS.flatMap((section) => {
  const def = CONTENT_RESOURCES[section.storage.table];
  const sections = def.close?.sections;
  if (!def.close || (sections && !sections.includes(section.storage.topcategory))) return [];
  const topcategory = sections ? section.storage.topcategory : undefined;
  return [{ key: section.key, name: def.table, topcategory, path: listOf(section).path }];
});

/** The listing section of a resource's item (its row or its input), if it is one. */
export function listingSectionOf(name: ContentName, row: Record<string, unknown>): ListingSection | undefined {
  return LISTING_SECTIONS.find((s) => s.name === name && (s.topcategory === undefined || s.topcategory === row.topcategory));
}

export function listingSectionByKey(key: string): ListingSection | undefined {
  return LISTING_SECTIONS.find((s) => s.key === key);
}
