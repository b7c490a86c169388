import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import { formatDateTime } from '#shared/format.ts';
import {
  expires,
  freshnessOf,
  type ListingFacts,
  type ListingTable,
  ListingTables,
  NOTICE_DAYS,
  nextBumpAt,
  renewable,
} from '#shared/freshness.ts';
import { SECTIONS } from '#shared/sections.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import { isShownRow } from '#server/db/visibility.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { requireEditable } from '#server/modules/content/content.policy.ts';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { notifyAgain, pushNotices } from '#server/modules/notification/notification.service.ts';
import { findUserEmail } from '#server/modules/user/member-contact.service.ts';
import { closingMail } from './freshness.mail.ts';
import { mailLink } from '#server/modules/mail/site-address.ts';
import { claimNotice, closeDue, findClosingSoon, findListing, type ListingRow, saveBump } from './freshness.repository.ts';

// Listings that stay fresh (PRODUCT.md, beyond the spec): a market listing closes 30 days after
// its last bump, a job at its deadline (or like a listing when it has none). Its author is told
// three days before; 끌어올리기, once a day, renews it and lifts it to the top of its list.
// Lists show open listings (`closed` = 0) unless asked for all; the sweep (main.ts, once across
// servers) closes what is due, through the tracked connection, so cached lists drop it.

const DAY_MS = 86_400_000;

/** The freshness columns of a save (the resources' `derive`): a new listing is bumped now; an
 * edit keeps its bump, and a job's new deadline moves its close date. */
export function listingColumns(deps: Deps, table: ListingTable, input: ListingFacts, before: Record<string, unknown> | undefined) {
  const bumpdate = before ? String(before.bumpdate || before.date) : new Date().toISOString();
  return freshnessOf(table, input, bumpdate, deps.env.SITE_TIMEZONE, new Date());
}

/** A listing's page: under the section of its table whose items expire (market posts under
 * /market, jobs under /jobs). */
function listingPath(table: ListingTable, id: number): string {
  const section = SECTIONS.find((s) => s.storage.table === table && expires(table, s.storage));
  return `${section?.path}/${id}`;
}

/** The listing as it is now, if this actor may bump it now; otherwise the refusal. */
async function readBumpable(deps: Deps, table: ListingTable, actor: Actor, id: number, now: Date): Promise<ListingRow> {
  const row = await findListing(deps.db, table, id);
  if (!row || !isShownRow(row) || !expires(table, row)) throw new AppError(404, ErrorKey.notFound);
  requireEditable(actor, row);
  const last = row.bumpdate || row.date;
  const next = nextBumpAt(last);
  if (now.toISOString() < next) {
    throw new AppError(400, ErrorKey.tooSoon, {
      detail: `끌어올리기는 하루에 한 번 할 수 있습니다. ${formatDateTime(next, deps.env.SITE_TIMEZONE)}부터 다시 할 수 있습니다`,
    });
  }
  if (!renewable(table, row, deps.env.SITE_TIMEZONE, now)) {
    throw new AppError(400, ErrorKey.invalid, {
      field: 'limitdate',
      detail: '마감일이 지난 공고입니다. 마감일을 바꾼 뒤 다시 게시해 주세요',
    });
  }
  return row;
}

/** How many times a bump reads the listing and tries its update. The update holds only while the
 * row is as read; what changed it in between is read again: another bump (the listing is then
 * too soon to bump) or the sweep closing it (a closed listing is bumped open like any other). */
const BUMP_TRIES = 3;

/** POST /api/board/{id}/bump and /api/jobs/{id}/bump: the author (or an admin) renews a listing
 * and lifts it to the top of its list, once in 24 hours. A job whose own deadline has passed is
 * renewed by moving the deadline, not by a bump. */
export async function bumpListing(deps: Deps, table: ListingTable, caller: Caller, id: number, now = new Date()) {
  const actor = requireActor(caller.actor);
  for (let tries = 1; ; tries++) {
    const row = await readBumpable(deps, table, actor, id, now);
    const values = freshnessOf(table, row, now.toISOString(), deps.env.SITE_TIMEZONE, now);
    const saved = await deps.db.transaction().execute(async (trx) => {
      const done = await saveBump(trx, table, id, row.bumpdate, values, row.closed);
      // An admin bumping someone else's listing is audited like their other actions on it.
      if (done && row.user !== actor.id) {
        await recordAudit(trx, {
          actor: actor.id,
          target: table,
          item: id,
          action: 'bump',
          before: { bumpdate: row.bumpdate },
          after: { bumpdate: values.bumpdate },
        });
      }
      return done;
    });
    if (saved) return { item: { id, ...values, nextbump: nextBumpAt(values.bumpdate) } };
    // Changed under it at every try (edits racing the bump): the author may simply try again.
    if (tries === BUMP_TRIES) throw new AppError(503, ErrorKey.unavailable, { retryAfter: 1, detail: Messages.unavailable });
  }
}

/** How many authors the sweep tells per table in one round; the next round goes on. */
const SWEEP_BATCH = 500;

/** One round of the sweep: closes the listings whose close date has come, then tells the authors
 * of those closing within three days, once per close date, by notification and mail. Answers
 * how many it closed and told. Safe to run on several servers at once: each notice is claimed by
 * an update that only one of them makes. */
export async function sweepListings(deps: Deps, now = new Date()): Promise<{ closed: number; notified: number }> {
  const at = now.toISOString();
  const by = new Date(now.getTime() + NOTICE_DAYS * DAY_MS).toISOString();
  let closed = 0;
  let notified = 0;
  for (const table of ListingTables) {
    closed += await deps.db.transaction().execute((trx) => closeDue(trx, table, at));
    for (const listing of await findClosingSoon(deps.db, table, at, by, SWEEP_BATCH)) {
      const link = listingPath(table, listing.id);
      const told = await deps.db.transaction().execute(async (trx) => {
        if (!(await claimNotice(trx, table, listing.id, listing.expiredate))) return undefined;
        return notifyAgain(
          trx,
          { actor: 0, target: table, item: listing.id, title: listing.title, link },
          { user: listing.user, kind: 'expiry' },
        );
      });
      if (!told) continue;
      notified++;
      pushNotices(deps, told);
      const to = await findUserEmail(deps.db, listing.user);
      if (!to) continue;
      const closes = formatDateTime(listing.expiredate, deps.env.SITE_TIMEZONE);
      await queueMail(deps, closingMail(deps.env.SITE_NAME, to, { title: listing.title, closes, link: mailLink(deps.env, link) }));
    }
  }
  return { closed, notified };
}
