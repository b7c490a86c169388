import type { AlertMailMode } from '#shared/alerts.ts';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { AlertSaveInput } from '#shared/schemas/alert.ts';
import { normalizeSearchText } from '#shared/search-text.ts';
import { SECTION_LISTS } from '#shared/sections.ts';
import { type SectionTable, SectionTables } from '#shared/schemas/content.ts';
import { itemPath } from '#shared/site.ts';
import type { Caller, Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import { nowIso } from '#server/lib/clock.ts';
import { isShownRow } from '#server/db/visibility.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { notify, pushNotices } from '#server/modules/notification/notification.service.ts';
import { indexedText } from '#server/modules/search/search.service.ts';
import { findUserEmail } from '#server/modules/user/member-contact.service.ts';
import { alertKey, type ItemText, itemText, keywordMatches } from './alert-match.ts';
import { digestMail, keywordMail } from './alert.mail.ts';
import { requireRoomForAlert, soonerMail } from './alert.policy.ts';
import {
  countAlertsOf,
  addWord,
  deleteAlertOf,
  deleteAlertsOfUsers,
  followersOf,
  insertAlert,
  insertDigestRows,
  keywordsByKeys,
  listAlertsOf,
  maxId,
  moveCursor,
  newItems,
  readCursor,
  takeDigest,
  usersWithDigest,
} from './alert.repository.ts';

// Keyword alerts (키워드 알림, PRODUCT.md beyond the spec). A member follows up to 20 keywords; a
// new post, job, listing or business that search would find for one tells the member once (the
// notification's unique key), by e-mail too if they chose it. Matching runs in the background
// (main.ts), never in the writer's request: it walks each table's new ids from a cursor, so an
// edit, which makes no new id, never tells anyone again.

/** GET /api/alert: my keywords, oldest first. */
export async function listAlerts(deps: Deps, caller: Caller) {
  const actor = requireActor(caller.actor);
  const items = await listAlertsOf(deps.db, actor.id);
  return { items, total: items.length };
}

/** POST /api/alert: follows a keyword (at most 20; the same keyword and section once). */
export async function addAlert(deps: Deps, caller: Caller, input: AlertSaveInput): Promise<{ id: number }> {
  const actor = requireActor(caller.actor);
  requireRoomForAlert(await countAlertsOf(deps.db, actor.id));
  const keyword = normalizeSearchText(input.keyword).replace(/\s+/g, ' ');
  const key = alertKey(keyword);
  const id = await deps.db.transaction().execute(async (trx) => {
    const added = await insertAlert(trx, { ...input, keyword, user: actor.id, key, date: nowIso() });
    if (added !== undefined) await addWord(trx, keyword, key);
    return added;
  });
  if (id === undefined) throw new AppError(400, ErrorKey.already, { field: 'keyword', detail: '이미 등록한 키워드입니다' });
  return { id };
}

/** DELETE /api/alert: stops following one of mine; another member's is not there (404). */
export async function removeAlert(deps: Deps, caller: Caller, id: number): Promise<{ id: number }> {
  const actor = requireActor(caller.actor);
  if (!(await deleteAlertOf(deps.db, actor.id, id))) throw new AppError(404, ErrorKey.notFound);
  return { id };
}

type Table = SectionTable;
const TABLES = SectionTables;
type NewItem = Awaited<ReturnType<typeof newItems>>[number];

/** An item's list (section key and path); FAQ entries are not alerted. */
function listOfItem(table: Table, row: NewItem) {
  const list = SECTION_LISTS.find(
    (l) => l.table === table && (table !== 'board' || l.topcategory === (row as unknown as { topcategory: number }).topcategory),
  );
  return list && list.key !== 'faq' ? list : undefined;
}

/** What search indexes of the item, as matching reads it. */
function textOf(table: Table, row: NewItem): ItemText {
  const { title, body } = indexedText(table, row);
  return itemText(title, body);
}

export interface Subscriber {
  user: number;
  /** The matched keyword that mails soonest, and its mail choice. */
  keyword: string;
  mail: AlertMailMode;
}

/** The members whose keywords match an item of `section` by `author`: one entry per member.
 * The keywords that could match are read by key, each checked once; only the followers of those
 * that matched are read. */
export async function matchSubscribers(db: Executor, item: ItemText, section: string, author: number): Promise<Subscriber[]> {
  const matched = (await keywordsByKeys(db, [...item.keys])).filter((k) => keywordMatches(k, item));
  const found = new Map<number, Subscriber>();
  for (const a of await followersOf(db, matched)) {
    if (a.user === author || (a.section !== '' && a.section !== section)) continue;
    const mail = a.mail as AlertMailMode;
    const before = found.get(a.user);
    if (!before || soonerMail(before.mail, mail) !== before.mail) found.set(a.user, { user: a.user, keyword: a.keyword, mail });
  }
  return [...found.values()];
}

const BATCH = 100;

/** One round of the background matcher (main.ts): each table's items made since the last round,
 * matched and told; answers how many notices it made. A new install starts from the newest item
 * (nobody is told of what was there before). Several servers may run it: the notices' unique key
 * tells each member once all the same. */
export async function matchNewItems(deps: Deps): Promise<number> {
  let told = 0;
  for (const table of TABLES) {
    const last = await readCursor(deps.db, table);
    if (last === undefined) {
      await moveCursor(deps.db, table, await maxId(deps.db, table));
      continue;
    }
    const rows = await newItems(deps.db, table, last, BATCH);
    for (const row of rows) told += await tellSubscribers(deps, table, row);
    const end = rows.at(-1);
    if (end) await moveCursor(deps.db, table, end.id);
  }
  return told;
}

async function tellSubscribers(deps: Deps, table: Table, row: NewItem): Promise<number> {
  const list = listOfItem(table, row);
  if (!list || !isShownRow(row)) return 0;
  const subscribers = await matchSubscribers(deps.db, textOf(table, row), list.key, row.user);
  const event = { actor: row.user, target: table, item: row.id, title: row.title, link: itemPath(list.path, row.id) };
  const notices = await notify(
    deps.db,
    event,
    subscribers.map((s) => ({ user: s.user, kind: 'keyword', keyword: s.keyword })),
  );
  const by = new Map(subscribers.map((s) => [s.user, s]));
  const date = nowIso();
  await insertDigestRows(
    deps.db,
    notices.filter((n) => by.get(n.user)?.mail === 'daily').map((n) => ({ user: n.user, notification: n.id, date })),
  );
  for (const n of notices) {
    const s = by.get(n.user);
    if (s?.mail !== 'instant') continue;
    const to = await findUserEmail(deps.db, n.user);
    if (to) await queueMail(deps, keywordMail(deps.env.SITE_NAME, to, s.keyword, row.title));
  }
  pushNotices(deps, notices);
  return notices.length;
}

/** The daily mail (main.ts, once a day): each member's waiting keyword notices in one mail. */
export async function sendDailyDigests(deps: Deps): Promise<number> {
  let sent = 0;
  for (const user of await usersWithDigest(deps.db)) {
    const rows = await takeDigest(deps.db, user);
    const to = await findUserEmail(deps.db, user);
    if (!rows.length || !to) continue;
    await queueMail(
      deps,
      digestMail(
        deps.env.SITE_NAME,
        to,
        rows.map((r) => r.title),
      ),
    );
    sent++;
  }
  return sent;
}

/** Part of removing accounts, inside the removal's transaction. */
export function forgetMembersAlerts(db: Executor, users: number[]): Promise<void> {
  return deleteAlertsOfUsers(db, users);
}
