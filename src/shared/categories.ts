import { SECTIONS, type SectionKey } from './sections.ts';

// Category, location and employment-type choices of the section lists (PRODUCT.md: categories are
// configuration, stored as text labels). The values are the labels the stored posts carry.

export type CategorySection = SectionKey;

/** Each section's categories (sections.ts), in the order the filters show them. */
export const SECTION_CATEGORIES = Object.fromEntries(SECTIONS.map((s) => [s.key, s.categories])) as Record<
  CategorySection,
  readonly string[]
>;

/** The site's areas (the demo site: greater Los Angeles). */
export const LOCATIONS: readonly string[] = ['LA', '토런스', '어바인', '풀러턴', '가든그로브', '부에나파크', '글렌데일'];
/** Where LOCATIONS are: a job posting's address names its state and country (schema.org). */
export const LOCATION_REGION = { region: 'CA', country: 'US' } as const;

export const EMPLOYMENT_TYPES: readonly string[] = ['정규직', '파트타임', '계약직', '인턴'];
