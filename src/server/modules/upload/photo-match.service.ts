import type { Executor } from '#server/db/database.ts';
import { hashBands, hashDistance, MAX_DISTANCE, probeBands } from '#server/lib/photo-hash.ts';
import { deleteBands, findBandMates, hashesOfPaths, insertBands } from './photo-match.repository.ts';

// Copied photos (PRODUCT.md "Scam defence"): a listing whose photo is the same picture as another
// member's listing waits for an admin, shown beside the other. Each listing's photos are kept as
// hash bands (photo-hash.ts), so a match is an index read at any number of photos.

export interface PhotoOwner {
  target: string;
  item: number;
}

/** Another member's listing that shows one of these photos (by upload path), if any. */
export async function findCopiedPhoto(db: Executor, user: number, paths: string[]): Promise<PhotoOwner | undefined> {
  for (const hash of await hashesOfPaths(db, paths)) {
    const owner = await listingWithPhoto(db, user, hash);
    if (owner) return owner;
  }
  return undefined;
}

/** Another member's listing whose photo is within MAX_DISTANCE bits of `hash`, if any. */
export async function listingWithPhoto(db: Executor, user: number, hash: string): Promise<PhotoOwner | undefined> {
  const mates = await findBandMates(db, probeBands(hash), user);
  // Of several listings with the photo, the first one posted (the lowest id) is the original.
  let match: PhotoOwner | undefined;
  for (const m of mates) {
    if ((!match || m.item < match.item) && hashDistance(m.hash, hash) <= MAX_DISTANCE) match = { target: m.target, item: m.item };
  }
  return match;
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
