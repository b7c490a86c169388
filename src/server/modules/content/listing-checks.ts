import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { QueueReason } from '#shared/queue.ts';
import { type FoundWarning, findWarnings, type ScamPhrase } from '#shared/scam-warnings.ts';
import { UserLevel } from '#shared/enums.ts';
import type { WarningsCheckInput } from '#shared/schemas/queue.ts';
import type { Actor, Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import { CONTENT_RESOURCES } from './content-resources.ts';
import { countAuthorRows } from './content.repository.ts';
import { parseImages } from './images-column.ts';
import { scamPhrases } from '#server/modules/scam/scam-phrase.service.ts';
import { findCopiedPhoto, type PhotoOwner, recordListingPhotos } from '#server/modules/upload/photo-match.service.ts';
import type { ContentName } from './content.types.ts';
import { LISTING_SECTIONS, listingSectionByKey, listingSectionOf } from './listing-sections.ts';

// The scam checks of a listing (PRODUCT.md "Scam defence"): what its title and text earn (never
// its contact fields: searchText reads neither tel nor email), and whether a new one waits on
// the review queue: a money-mule offer or a copied photo always, an account's first APPROVE_FIRST
// listings too.

/** The findings in a listing's title and text; undefined for an item that is no listing. The
 * admins' phrases are read before a write's transaction (scamPhrases), which must not wait on
 * another connection. */
export function listingWarnings(
  name: ContentName,
  values: Record<string, unknown>,
  phrases: readonly ScamPhrase[],
): FoundWarning[] | undefined {
  const def = CONTENT_RESOURCES[name];
  if (!def.searchText || !listingSectionOf(name, values)) return undefined;
  const { title, body } = def.searchText(values);
  return findWarnings(`${title}\n${body}`, phrases);
}

/** POST /api/warnings: a text not yet saved, in a listing section named by its key. */
export async function checkListingText(deps: Deps, input: WarningsCheckInput): Promise<{ warnings: FoundWarning[] }> {
  const section = listingSectionByKey(input.target);
  if (!section) {
    const known = LISTING_SECTIONS.map((s) => s.key).join(', ');
    throw new AppError(400, ErrorKey.invalid, { field: 'target', detail: `${known} 중 하나여야 합니다` });
  }
  const row = { title: input.title, content: input.content, topcategory: section.topcategory };
  return { warnings: listingWarnings(section.name, row, await scamPhrases(deps)) ?? [] };
}

/** How many listings a member has created, across the listing sections. */
async function countListingsOf(db: Executor, user: number): Promise<number> {
  const names = [...new Set(LISTING_SECTIONS.map((s) => s.name))];
  let total = 0;
  for (const name of names) {
    const codes = LISTING_SECTIONS.filter((s) => s.name === name).map((s) => s.topcategory);
    const topcategories = codes.every((c) => c !== undefined) ? codes : undefined;
    total += await countAuthorRows(db, name, user, topcategories);
  }
  return total;
}

/** Why a listing waits for an admin, and the other member's listing its photo copies. */
export interface Hold {
  reason: QueueReason;
  duplicate?: PhotoOwner;
}

/** Why a new listing by `actor` waits for an admin, if it does; read in the transaction that
 * inserts it, before the insert. Staff's listings never wait for being first. */
export async function waitReason(
  deps: Deps,
  db: Executor,
  actor: Actor,
  warnings: FoundWarning[],
  row: Record<string, unknown>,
): Promise<Hold | undefined> {
  const held = await editHold(deps, db, actor.id, warnings, row);
  if (held) return held;
  const first = deps.env.APPROVE_FIRST;
  if (first === 0 || actor.level >= UserLevel.manager) return undefined;
  return (await countListingsOf(db, actor.id)) < first ? { reason: 'first' } : undefined;
}

/** Why a listing by `user` waits whenever it is written, new or edited: a money-mule offer, or a
 * photo another member's listing shows. */
export async function editHold(
  deps: Deps,
  db: Executor,
  user: number,
  warnings: FoundWarning[],
  row: Record<string, unknown>,
): Promise<Hold | undefined> {
  if (warnings.some((w) => w.key === 'mule')) return { reason: 'mule' };
  const duplicate = await findCopiedPhoto(db, deps.dialect, user, parseImages(row.images));
  return duplicate && { reason: 'photo', duplicate };
}

/** Keeps a saved listing's photos, for the matches of listings written later. */
export function keepListingPhotos(db: Executor, table: ContentName, row: { id: number; user: number; images?: unknown }): Promise<void> {
  return recordListingPhotos(db, { target: table, item: row.id, user: row.user }, parseImages(row.images));
}
