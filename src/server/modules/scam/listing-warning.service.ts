import type { z } from 'zod';
import type { WarnedListing } from '#shared/reports.ts';
import type { FoundWarning } from '#shared/scam-warnings.ts';
import type { ReportListQuerySchema } from '#shared/schemas/report.ts';
import type { Caller, Deps } from '#server/context.ts';
import { requireAdmin } from '#server/modules/auth/actor.policy.ts';
import { factsOfItems } from '#server/modules/queue/queue-kinds.ts';
import { authorName } from '#server/modules/user/member-contact.service.ts';
import { listWarnedRows, warnedOfItems } from './listing-warning.repository.ts';

// The listings published with a scam caution, for /admin/report (PRODUCT.md "Scam defence":
// admins see the evidence): each with the phrases its latest save earned. A listing is named and
// linked as the review queue names it (its kind's declaration, queue-kinds.ts).

/** GET /api/admin/report/warned: newest first. */
export async function listWarnedListings(deps: Deps, caller: Caller, { page, size }: z.output<typeof ReportListQuerySchema>) {
  requireAdmin(caller.actor);
  const { rows, total } = await listWarnedRows(deps.db, page, size);
  const facts = await factsOfItems(deps, rows);
  const items: WarnedListing[] = [];
  for (const r of rows) {
    const listing = facts.get(`${r.target}:${r.item}`);
    if (!listing) continue;
    items.push({
      target: r.target,
      item: r.item,
      title: listing.title,
      link: listing.link,
      user: { id: r.user, nickname: await authorName(deps.db, r.user) },
      date: r.date,
      warnings: JSON.parse(r.warnings) as FoundWarning[],
    });
  }
  return { items, total, page, size };
}

/** What the scam checks found in these listings' latest saves, by id, for those with a caution
 * (/admin/report shows them beside a reported listing's reasons). */
export async function warningsOfItems(deps: Deps, target: string, items: number[]): Promise<Map<number, FoundWarning[]>> {
  const rows = await warnedOfItems(deps.db, target, items);
  return new Map(rows.map((r) => [r.item, JSON.parse(r.warnings) as FoundWarning[]]));
}
