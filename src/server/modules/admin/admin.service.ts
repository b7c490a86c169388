import { AppError } from '#shared/errors.ts';
import type { SectionTable } from '#shared/schemas/content.ts';
import { ErrorKey } from '#shared/messages.ts';
import { UserLevelLabel, UserStatusLabel, UserUseLabel } from '#shared/enums.ts';
import { formatDate } from '#shared/format.ts';
import { Visibility } from '#shared/reports.ts';
import type { z } from 'zod';
import type { AuditQuerySchema, CommentModerationQuerySchema, ModerateSchema } from '#shared/schemas/admin.ts';
import { SITE_SECTIONS } from '#shared/site.ts';
import { requireAdmin } from '#server/modules/auth/actor.policy.ts';
import type { Caller, Deps } from '#server/context.ts';
import { siteClock } from '#shared/business-hours.ts';
import { todayIn, zonedDayRange, zonedMidnight } from '#shared/format.ts';
import { moveCounts } from '#server/db/counters.ts';
import { removeContent, setVisibility } from '#server/modules/content/content.service.ts';
import { listUsers, type UserListQuery } from '#server/modules/user/user.service.ts';
import { commentedItems, removeComments } from '#server/modules/comment/comment.service.ts';
import { CONTENT_RESOURCES } from '#server/modules/content/content-resources.ts';
import {
  countContent,
  countUsersSince,
  countWaitingInquiries,
  findModerated,
  findRows,
  type HiddenCount,
  listRecentComments,
  setModerated,
} from './admin.repository.ts';
import { listAudit, recordAudit } from '#server/modules/audit/audit.service.ts';

// The admin area's own calls (issue: admin area): the dashboard, the audit log, moderation of
// posts, jobs, listings and comments, and the users' CSV export. Every call is for levels >= 3.

const DAY_MS = 86_400_000;

/** The tables the sections are stored in; one that holds several tells them apart by
 * topcategory (sections.ts). */
const TABLES = [...new Set(SITE_SECTIONS.map((s) => s.storage.table))];
const BY_SECTION = new Set(TABLES.filter((table) => SITE_SECTIONS.filter((s) => s.storage.table === table).length > 1));

/** Where each section's items are stored; the counts carry topcategory 0 for the tables that are
 * one section each. */
const SECTION_STORAGE: Record<string, { table: SectionTable; topcategory: number }> = Object.fromEntries(
  SITE_SECTIONS.map(({ key, storage: { table, topcategory } }) => [key, { table, topcategory: BY_SECTION.has(table) ? topcategory : 0 }]),
);

/** GET /api/admin/dashboard: sign-ups today and this week (Monday first, in the site's time
 * zone), items per section (shown and hidden) and inquiries waiting for an answer. */
export async function getDashboard(deps: Deps, caller: Caller) {
  requireAdmin(caller.actor);
  const tz = deps.env.SITE_TIMEZONE;
  const today = todayIn(tz);
  const monday = new Date(Date.parse(today) - (siteClock(tz).weekday - 1) * DAY_MS).toISOString().slice(0, 10);
  const [signupsToday, signupsWeek, waiting, ...perTable] = await Promise.all([
    countUsersSince(deps.db, zonedMidnight(today, tz)),
    countUsersSince(deps.db, zonedMidnight(monday, tz)),
    countWaitingInquiries(deps.db),
    ...TABLES.map((table) => countContent(deps.db, table, BY_SECTION.has(table))),
  ]);
  const counts = new Map(TABLES.map((table, i) => [table, perTable[i] as HiddenCount[]]));
  const sections = SITE_SECTIONS.map((s) => {
    const where = SECTION_STORAGE[s.key] as { table: SectionTable; topcategory: number };
    const rows = (counts.get(where.table) ?? []).filter((r) => r.topcategory === where.topcategory);
    const sum = (hidden: boolean) => rows.filter((r) => (r.hidden !== 0) === hidden).reduce((n, r) => n + r.n, 0);
    // Hidden: by a moderator, or held for review after reports.
    return { key: s.key, label: s.label, shown: sum(false), hidden: sum(true) };
  });
  return { signups: { today: signupsToday, week: signupsWeek }, sections, inquiries: { waiting } };
}

/** GET /api/admin/audit?target=users&item=ID. */
export async function getAudit(deps: Deps, caller: Caller, { target, item }: z.output<typeof AuditQuerySchema>) {
  requireAdmin(caller.actor);
  return { items: await listAudit(deps.db, target, item) };
}

/** POST /api/admin/moderate: one action over many items, all or nothing: every id must exist and
 * allow the action (close: what its resource declares closable, the market's posts and jobs;
 * comments: delete only), else nothing changes. */
export async function moderate(deps: Deps, caller: Caller, input: z.output<typeof ModerateSchema>): Promise<{ ids: number[] }> {
  const actor = requireAdmin(caller.actor);
  const ids = [...new Set(input.ids)];
  const { target, action } = input;
  const refuse = () => new AppError(400, ErrorKey.invalid, { field: 'action', detail: `${action} does not apply to ${target}` });

  if (target === 'comment' && action !== 'delete') throw refuse();
  // A comment goes as its author's delete takes it, audited as moderation (comment.service.ts).
  if (target === 'comment') return removeComments(deps, caller, ids);
  const closing = CONTENT_RESOURCES[target].close;
  if (action === 'close' && !closing) throw refuse();

  if (action === 'delete') {
    // The resource's own batch delete takes comments, likes, views and the search entry with the
    // items, in one transaction, and audits each one of someone else's with its title.
    await removeContent(deps, target, caller, ids);
    return { ids };
  }

  await deps.db.transaction().execute(async (trx) => {
    const close = action === 'close' ? closing : undefined;
    const rows = await findModerated(trx, target, ids, close ? [close.column, ...(close.sections ? ['topcategory'] : [])] : []);
    if (rows.length !== ids.length) throw new AppError(404, ErrorKey.notFound);
    let values: Record<string, number>;
    let field: string;
    if (close) {
      const { column, value, sections } = close;
      if (sections && rows.some((r) => !sections.includes(r.topcategory as number))) throw refuse();
      // A market post closes as 거래완료; a job as 마감. The lists' counts move with them.
      field = column;
      values = { [column]: value };
      const before = await findRows(trx, target, ids, deps.dialect);
      await setModerated(trx, target, ids, values);
      await moveCounts(trx, target, before, await findRows(trx, target, ids));
    } else {
      field = 'hidden';
      const to = action === 'hide' ? Visibility.hidden : Visibility.shown;
      values = { hidden: to };
      // From any other state: a moderator's show also ends a hold after reports.
      await setVisibility(deps, trx, target, ids, to);
    }
    for (const r of rows) {
      await recordAudit(trx, { actor: actor.id, target, item: r.id, action, before: { [field]: r[field] }, after: values });
    }
  });
  return { ids };
}

/** GET /api/admin/comments: the newest live comments of the whole site, for moderation. */
export async function listCommentsForModeration(
  deps: Deps,
  caller: Caller,
  { page, size, from, to }: z.output<typeof CommentModerationQuerySchema>,
) {
  requireAdmin(caller.actor);
  const list = await listRecentComments(deps.db, {
    page,
    size,
    ...zonedDayRange(from || undefined, to || undefined, deps.env.SITE_TIMEZONE),
  });
  // Each with its item's title and section (where it is read).
  const items = await commentedItems(deps.db, list.items);
  return {
    ...list,
    items: list.items.flatMap((c) => {
      const item = items.get(`${c.target}:${c.board}`);
      return item ? [{ ...c, title: item.title, topcategory: item.topcategory }] : [];
    }),
  };
}

/** A CSV field: quoted when needed; a leading = + - @ is defused so that a spreadsheet does not
 * run a nickname as a formula. */
function csvField(value: unknown): string {
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** GET /api/admin/users.csv: the user list under the same filters and sort as GET /api/user,
 * every page of it, with the enumerations' Korean labels. UTF-8 with a BOM: Excel reads a CSV
 * without one in the system's code page and shows Korean as mojibake. */
export async function exportUsersCsv(deps: Deps, caller: Caller, query: UserListQuery): Promise<string> {
  requireAdmin(caller.actor);
  const { page: _page, size: _size, ...filter } = query;
  const tz = deps.env.SITE_TIMEZONE;
  const lines = [['번호', '아이디', '이름', '닉네임', '등급', '상태', '사용', '최근 로그인', '가입일', '비고'].join(',')];
  for (let page = 1; ; page++) {
    const result = await listUsers(deps, caller, { ...filter, page, size: 100 });
    for (const u of result.items) {
      const row = [
        u.id,
        u.loginid,
        u.name,
        u.nickname,
        UserLevelLabel[u.level],
        UserStatusLabel[u.status],
        UserUseLabel[u.use],
        formatDate(u.logindate, tz),
        formatDate(u.date, tz),
        u.remark,
      ];
      lines.push(row.map(csvField).join(','));
    }
    if (page * result.size >= result.total || result.items.length === 0) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
