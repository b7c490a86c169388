import type { QueueAction } from '#shared/queue.ts';
import { Visibility } from '#shared/reports.ts';
import { itemPath } from '#shared/site.ts';
import type { Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import type { QueueKind, QueuedFacts } from '#server/modules/queue/queue-kind.ts';
import { findContentRows } from './content.repository.ts';
import { setVisibility } from './content.service.ts';
import type { SectionTable } from '#shared/schemas/content.ts';
import { LISTING_SECTIONS, listingSectionOf } from './listing-sections.ts';

// The listings' part of the review queue (modules/queue): one declaration per listing table,
// made from the listing sections, so a new listing kind waits there without an edit.

function listingKind(name: SectionTable): QueueKind {
  return {
    async facts(deps: Deps, ids: number[]) {
      const found = new Map<number, QueuedFacts>();
      for (const row of await findContentRows(deps.db, name, ids)) {
        const section = listingSectionOf(name, row);
        found.set(row.id, { title: String(row.title ?? ''), link: itemPath(section?.path ?? `/${name}`, row.id), user: row.user });
      }
      return found;
    },
    async decide(deps: Deps, db: Executor, id: number, action: QueueAction) {
      // A rejected listing stays hidden, for admins only; its author is told.
      await setVisibility(deps, db, name, [id], action === 'approve' ? Visibility.shown : Visibility.hidden, [Visibility.review]);
    },
  };
}

/** By target (the table's name, as reports and conversations name items). */
export const LISTING_QUEUE_KINDS: Record<string, QueueKind> = Object.fromEntries(
  [...new Set(LISTING_SECTIONS.map((s) => s.name))].map((name) => [name, listingKind(name)]),
);
