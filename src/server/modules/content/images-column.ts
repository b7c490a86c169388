import type { ContentResource } from './content.types.ts';

// Posts and business listings keep their photos as a JSON array of upload paths in one text
// column (`images`); services answer it as a list.

/** The stored array (written by toRow, so plain parsing is enough; this runs for every row of
 * every list). */
export function parseImages(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  if (typeof value !== 'string' || value === '' || value === '[]') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** A resource's toRow and fromRow for its `images` column. */
export const imagesColumn: Pick<ContentResource<'board' | 'business' | 'housing'>, 'toRow' | 'fromRow'> = {
  toRow: (input) => ({ ...input, images: JSON.stringify(input.images ?? []) }),
  fromRow: (row) => ({ ...row, images: parseImages(row.images) }),
};
