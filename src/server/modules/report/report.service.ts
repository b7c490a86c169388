import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import {
  REPORT_REASON_LABELS,
  type ReportedConversation,
  type ReportedEntry,
  type ReportReason,
  ReportMessages,
  type ReportTarget,
  Visibility,
} from '#shared/reports.ts';
import type { ReportDecisionInput, ReportListQuerySchema, ReportSaveInput } from '#shared/schemas/report.ts';
import { boardSectionOf, listOf } from '#shared/sections.ts';
import { commentPath, itemPath } from '#shared/site.ts';
import { excerpt, htmlToText } from '#shared/text.ts';
import type { FoundWarning } from '#shared/scam-warnings.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import { reportChanges } from '#server/modules/content/content.shows.ts';
import type { Executor } from '#server/db/database.ts';
import { isShownRow } from '#server/db/visibility.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { nowIso } from '#server/lib/clock.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { requireActor, requireAdmin } from '#server/modules/auth/actor.policy.ts';
import { spendWriteAllowance } from '#server/modules/auth/write-limits.ts';
import { commentedItems, removeComments } from '#server/modules/comment/comment.service.ts';
import { removeContent, setVisibility } from '#server/modules/content/content.service.ts';
import { removeBusinessReviews, setReviewVisibility } from '#server/modules/business-review/business-review.service.ts';
import { conversationForReport, reportedConversation } from '#server/modules/message/message.service.ts';
import { deliver, notify } from '#server/modules/notification/notification.service.ts';
import { findAccount } from '#server/modules/user/user.service.ts';
import { warningsOfItems } from '#server/modules/scam/listing-warning.service.ts';
import { UserLevel } from '#shared/enums.ts';
import {
  countReportersOf,
  countReportsOf,
  deleteReportsOf,
  isKept,
  markKept,
  findReportedItems,
  insertReport,
  listReportedItems,
  type ReportedItem,
  reportedByUser,
  reportsOfItems,
} from './report.repository.ts';

// Reports (신고, PRODUCT.md beyond the spec): a member reports a post, comment, job, listing or
// business once, with a reason. At REPORT_HIDE_AT members' reports the item is hidden for review
// (`hidden` = 2: out of every list, search, sitemap and feed; its author still sees it); an admin
// restores it (shown again, reports cleared) or deletes it (the author is told), both audited.
// Reports hold nothing by themselves that an admin already kept, nor staff's and admins' items,
// and accounts of one mailbox count as one reporter (security round three): their reports then
// wait on the admin's list.

/** Whether members' reports may hold this item by themselves: not one an admin restored after a
 * hold, nor one written by staff or an admin. */
async function mayHoldByReports(deps: Deps, target: ReportTarget, item: ReportedItem): Promise<boolean> {
  if (await isKept(deps.db, target, item.id)) return false;
  const author = await findAccount(deps, item.user);
  return !author || author.level < UserLevel.manager;
}

/** Where the item is read (a comment: at its post). */
function pageOf(target: ReportTarget, item: ReportedItem): string {
  if (target === 'comment') return commentPath(item.topcategory, item.board, item.id);
  if (target === 'review') return `/business/${item.board}#review-${item.id}`;
  if (target === 'board') {
    const section = boardSectionOf(item.topcategory);
    return section ? itemPath(listOf(section).path, item.id) : `/community/${item.id}`;
  }
  return `/${target}/${item.id}`;
}

/** A reported conversation as the admin's list names it: 쪽지 대화: 길동 ↔ 철수. */
function conversationName(c: ReportedConversation): string {
  return `쪽지 대화: ${c.members.map((m) => m.nickname).join(' ↔ ')}`;
}

/** An item as people name it: a comment by the start of its text. */
function nameOf(target: ReportTarget, item: ReportedItem): string {
  return target === 'comment' || target === 'review' ? excerpt(htmlToText(item.title), 60) : item.title;
}

/** The reported items; a comment with its item's section, and as hidden as its item. A comment
 * whose item is gone is gone too. */
async function findReported(db: Executor, target: ReportTarget, ids: number[]): Promise<ReportedItem[]> {
  const rows = await findReportedItems(db, target, ids);
  if (target !== 'comment') return rows;
  const items = await commentedItems(
    db,
    rows.flatMap((r) => (r.thread ? [{ target: r.thread, board: r.board }] : [])),
  );
  return rows.flatMap((r) => {
    const item = items.get(`${r.thread}:${r.board}`);
    return item ? [{ ...r, topcategory: item.topcategory, hidden: r.hidden || item.hidden }] : [];
  });
}

async function findItem(db: Executor, target: ReportTarget, id: number): Promise<ReportedItem | undefined> {
  const [row] = await findReported(db, target, [id]);
  return row && row.deleted === 0 ? row : undefined;
}

/** Holds or shows again reported items: a business's reviews are their module's (a held one no
 * longer counts in its business's average), everything else the content's. */
function moveVisibility(
  deps: Deps,
  db: Executor,
  target: Exclude<ReportTarget, 'conversation'>,
  ids: number[],
  to: Visibility,
  from: Visibility[],
) {
  return target === 'review' ? setReviewVisibility(db, ids, to, from) : setVisibility(deps, db, target, ids, to, from);
}

/** POST /api/report: one report per member and item. The item must be one the member can see
 * (a hidden one is 404, as everywhere), and not their own. Answers whether the item is now
 * hidden (the reporter's page then leads elsewhere). */
export async function reportItem(deps: Deps, caller: Caller, input: ReportSaveInput): Promise<{ reported: true; hidden: boolean }> {
  const actor = requireActor(caller.actor);
  const { target } = input;
  if (target === 'conversation') return reportConversation(deps, actor, { ...input, target });
  const item = await findItem(deps.db, target, input.item);
  if (!item || !isShownRow(item)) throw new AppError(404, ErrorKey.notFound, { field: 'item' });
  if (item.user === actor.id) throw new AppError(400, ErrorKey.invalid, { field: 'item', detail: ReportMessages.own });
  await spendWriteAllowance(deps, actor, 'report');
  // The report itself changes only what the item's page shows this member (신고함).
  const count = await writesShowOnly(reportChanges(target, item), () =>
    deps.db.transaction().execute(async (trx) => {
      await addReport(trx, actor, input);
      return countReportersOf(trx, target, input.item);
    }),
  );
  // Hiding changes lists, counts and search: an ordinary write, which renews every stored page.
  // Written after the report: should it fail, the next report (still at the threshold) hides.
  const hidden = count >= deps.env.REPORT_HIDE_AT && (await mayHoldByReports(deps, target, item));
  if (hidden) {
    const notices = await deps.db.transaction().execute(async (trx) => {
      const held = await moveVisibility(deps, trx, target, [input.item], Visibility.review, [Visibility.shown]);
      if (held.length === 0) return [];
      // The author learns of the hold on 마이페이지 > 알림, from nobody: reporters stay unnamed.
      const event = {
        actor: 0,
        target,
        item: input.item,
        title: nameOf(target, item),
        link: pageOf(target, item),
      };
      return notify(trx, event, [{ user: item.user, kind: 'held' }]);
    });
    deliver(deps, notices);
  }
  return { reported: true, hidden };
}

/** A conversation is reported by one of its members (anyone else: 404, as reading it is). Nothing
 * holds it: it waits on the admin's list, the one place an admin reads its messages. */
async function reportConversation(
  deps: Deps,
  actor: Actor,
  input: ReportSaveInput & { target: 'conversation' },
): Promise<{ reported: true; hidden: false }> {
  if (!(await conversationForReport(deps, actor.id, input.item))) throw new AppError(404, ErrorKey.notFound, { field: 'item' });
  await spendWriteAllowance(deps, actor, 'report');
  // No page shows a conversation's reports but the admin's.
  await writesShowOnly([], () => addReport(deps.db, actor, input));
  return { reported: true, hidden: false };
}

/** The member's one report of the item; a second is refused. */
async function addReport(db: Executor, actor: Actor, input: ReportSaveInput): Promise<void> {
  const { target, item, reason, detail } = input;
  const added = await insertReport(db, { target, item, user: actor.id, reason, detail, date: nowIso() });
  if (!added) throw new AppError(400, ErrorKey.already, { field: 'item', detail: ReportMessages.already });
}

/** Which of these items the caller reported (a page's 신고함 state); none for a visitor. */
export async function reportedItems(deps: Deps, caller: Caller, target: ReportTarget, ids: number[]): Promise<number[]> {
  if (!caller.actor) return [];
  return reportedByUser(deps.db, caller.actor.id, target, ids);
}

/** GET /api/admin/report: reported items, most reported first, each with its reasons. */
export async function listReports(deps: Deps, caller: Caller, { page, size }: z.output<typeof ReportListQuerySchema>) {
  requireAdmin(caller.actor);
  const { items, total } = await listReportedItems(deps.db, page, size);
  const targets = [...new Set(items.map((i) => i.target))];
  const found = new Map<string, ReportedItem>();
  const reasons = new Map<string, ReportedEntry['reasons']>();
  // A reported listing that was published with a scam caution shows the phrases found (the evidence).
  const warned = new Map<string, FoundWarning[]>();
  for (const target of targets) {
    const ids = items.filter((i) => i.target === target).map((i) => i.item);
    for (const row of await findReported(deps.db, target, ids)) if (row.deleted === 0) found.set(`${target}:${row.id}`, row);
    for (const [item, found] of await warningsOfItems(deps, target, ids)) warned.set(`${target}:${item}`, found);
    for (const r of await reportsOfItems(deps.db, target, ids)) {
      const key = `${target}:${r.item}`;
      const reason = r.reason as ReportReason;
      reasons.set(key, [...(reasons.get(key) ?? []), { reason, label: REPORT_REASON_LABELS[reason], detail: r.detail, date: r.date }]);
    }
  }
  const conversations = new Map<number, ReportedConversation>();
  for (const i of items) {
    const seen = i.target === 'conversation' ? await reportedConversation(deps, i.item) : undefined;
    if (seen) conversations.set(i.item, seen);
  }
  const entries: ReportedEntry[] = items.map((i) => {
    const key = `${i.target}:${i.item}`;
    const row = found.get(key);
    const conversation = i.target === 'conversation' ? conversations.get(i.item) : undefined;
    return {
      ...i,
      title: conversation ? conversationName(conversation) : row ? nameOf(i.target, row) : '',
      link: row && !conversation ? pageOf(i.target, row) : '',
      hidden: row ? row.hidden : -1,
      reasons: reasons.get(key) ?? [],
      warnings: warned.get(key) ?? [],
      ...(conversation && { conversation }),
    };
  });
  return { items: entries, total, page, size };
}

/** POST /api/admin/report/restore: shown again, its reports cleared (reporters are not told),
 * and kept: reports no longer hold it by themselves. */
export async function restoreReported(deps: Deps, caller: Caller, { target, item }: ReportDecisionInput): Promise<{ restored: true }> {
  const actor = requireAdmin(caller.actor);
  const before = await findItem(deps.db, target, item);
  const reports = await countReportsOf(deps.db, target, item);
  if (!reports && !before) throw new AppError(404, ErrorKey.notFound, { field: 'item' });
  await deps.db.transaction().execute(async (trx) => {
    // Only what reports hid comes back: a moderator's own hide stays. A conversation is never hidden.
    if (before && target !== 'conversation') await moveVisibility(deps, trx, target, [item], Visibility.shown, [Visibility.review]);
    await deleteReportsOf(trx, target, [item]);
    // Kept: new reports of it go to the admin's list, they do not hold it again.
    await markKept(trx, { target, item, actor: actor.id, date: nowIso() });
    await recordAudit(trx, {
      actor: actor.id,
      target,
      item,
      action: 'report-restore',
      before: { hidden: before?.hidden ?? null, reports },
      after: { hidden: before?.hidden === Visibility.review ? Visibility.shown : (before?.hidden ?? null), reports: 0 },
    });
  });
  return { restored: true };
}

/** POST /api/admin/report/delete: removed as the admin area's delete removes it (with its
 * comments, likes and search entry; a comment as the admin's comment delete does), then the
 * author is told. */
export async function deleteReported(deps: Deps, caller: Caller, { target, item }: ReportDecisionInput): Promise<{ deleted: true }> {
  const actor = requireAdmin(caller.actor);
  if (target === 'conversation') throw new AppError(400, ErrorKey.invalid, { field: 'target', detail: ReportMessages.conversationKept });
  const row = await findItem(deps.db, target, item);
  if (!row) throw new AppError(404, ErrorKey.notFound, { field: 'item' });
  const reports = await countReportsOf(deps.db, target, item);
  const title = nameOf(target, row);
  // The removal records the decision as its one audit row.
  const decision = { action: 'report-delete', before: { title, reports } };
  if (target === 'comment') await removeComments(deps, caller, [item], decision);
  else if (target === 'review') await removeBusinessReviews(deps, caller, [item], decision);
  else await removeContent(deps, target, caller, [item], decision);
  const notices = await deps.db.transaction().execute(async (trx) => {
    await deleteReportsOf(trx, target, [item]);
    // Where to ask about it: the item is gone.
    const event = { actor: actor.id, target, item, title, link: '/customer/inquiry' };
    return notify(trx, event, [{ user: row.user, kind: 'removed' }]);
  });
  deliver(deps, notices);
  return { deleted: true };
}
