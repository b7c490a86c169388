import type { Dialect, Executor } from '#server/db/database.ts';
import { hashBands, MAX_DISTANCE, probeBands } from '#server/lib/photo-hash.ts';
import { deleteBands, firstBandMate, hashesOfPaths, insertBands } from './photo-match.repository.ts';

// Copied photos (PRODUCT.md "Scam defence"): a listing whose photo is the same picture as another
// member's listing waits for an admin, shown beside the other. Each listing's photos are kept as
// hash bands (photo-hash.ts), so a match is an index read at any number of photos.

export interface PhotoOwner {
  target: string;
  item: number;
}

/** Another member's listing that shows one of these photos (by upload path), if any. */
export async function findCopiedPhoto(db: Executor, dialect: Dialect, user: number, paths: string[]): Promise<PhotoOwner | undefined> {
  for (const hash of await hashesOfPaths(db, paths)) {
    const owner = await listingWithPhoto(db, dialect, user, hash);
    if (owner) return owner;
  }
  return undefined;
}

/** Another member's listing whose photo is within MAX_DISTANCE bits of `hash`, if any: of
 * several, the first one posted, the original. */
export function listingWithPhoto(db: Executor, dialect: Dialect, user: number, hash: string): Promise<PhotoOwner | undefined> {
  return firstBandMate(db, dialect, { bands: probeBands(hash), user, hash, maxDistance: MAX_DISTANCE });
}

/** Keeps a listing's photos for later matches, in place of those it had. */
export async function recordListingPhotos(db: Executor, owner: PhotoOwner & { user: number }, paths: string[]): Promise<void> {
  await deleteBands(db, owner.target, [owner.item]);
  const hashes = [...new Set(await hashesOfPaths(db, paths))];
  await insertBands(
    db,
    hashes.flatMap((hash) => hashBands(hash).map((band) => ({ band, hash, ...owner }))),
  );
}

/** Deleted listings' photos are matched no more. */
export function forgetListingPhotos(db: Executor, target: string, items: number[]): Promise<void> {
  return deleteBands(db, target, items);
}
