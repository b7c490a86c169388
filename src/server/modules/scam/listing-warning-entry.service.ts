import type { FoundWarning } from '#shared/scam-warnings.ts';
import type { Executor } from '#server/db/database.ts';
import { nowIso } from '#server/lib/clock.ts';
import { deleteWarned, upsertWarned } from './listing-warning.repository.ts';

// How a listing enters the warned list of /admin/report and leaves it, for the content module,
// in the transaction that saves or deletes the listing. The admin's side is
// listing-warning.service.ts.

/** Keeps what a saved listing's checks found; a save that earns nothing takes it off the list. */
export async function noteWarnings(
  db: Executor,
  listing: { target: string; item: number; user: number },
  warnings: readonly FoundWarning[],
): Promise<void> {
  if (!warnings.length) return deleteWarned(db, listing.target, [listing.item]);
  await upsertWarned(db, { ...listing, warnings: JSON.stringify(warnings), date: nowIso() });
}

/** Deleted listings leave the list with them. */
export function forgetWarnings(db: Executor, target: string, items: number[]): Promise<void> {
  return deleteWarned(db, target, items);
}
