import { z } from 'zod';
import { Visibility } from '#shared/reports.ts';
import type { Expression, SqlBool } from 'kysely';
import { AppError, atIndex } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';
import { hasRichContent, textOf } from '#shared/text.ts';
import { id as idSchema, inQuery, integer } from '#shared/schemas/fields.ts';
import { type CommentTarget, type LikeTarget, LikeTargets, type SectionTable } from '#shared/schemas/content.ts';
import { type Attachment, PAGE_SIZE_DEFAULT } from '#shared/api.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import type { Executor } from '#server/db/database.ts';
import { type AnyQuery, countRows, type ListParams, listParamsSchema, listRows, pageRows, sumRows } from '#server/db/list-query.ts';
import { type CountQuery, moveCounts } from '#server/db/counters.ts';
import { nowIso } from '#server/lib/clock.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { newRowsChanges } from './content.shows.ts';
import { isShownRow, shown } from '#server/db/visibility.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { auditRemoval, type RemovalDecision, recordAudit } from '#server/modules/audit/audit.service.ts';
import { forgetComments } from '#server/modules/comment/comment.service.ts';
import { forgetLikes } from '#server/modules/like/like.service.ts';
import { forgetNoticesToOthers } from '#server/modules/notification/notification.service.ts';
import { indexItem, keywordCondition, unindexItems } from '#server/modules/search/search.service.ts';
import { itemSearchKeys } from '#server/modules/search/search-keys.ts';
import { listAttachments } from '#server/modules/upload/upload.service.ts';
import { authorName } from '#server/modules/user/member-contact.service.ts';
import { forgetViews, pendingViews, readWithLastVisit, recordView } from '#server/modules/view/view.service.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';
import { CONTENT_RESOURCES } from './content-resources.ts';
import { parseImages } from './images-column.ts';
import { editHold, keepListingPhotos, listingWarnings, waitReason } from './listing-checks.ts';
import { enqueue, forgetQueued } from '#server/modules/queue/queue-entry.service.ts';
import { forgetListingPhotos } from '#server/modules/upload/photo-match.service.ts';
import type { FoundWarning, ScamPhrase } from '#shared/scam-warnings.ts';
import { scamPhrases } from '#server/modules/scam/scam-phrase.service.ts';
import { forgetWarnings, noteWarnings } from '#server/modules/scam/listing-warning-entry.service.ts';
export { SALE_KINDS } from './content-resources.ts';
export { tradeCloseOf } from './listing-sections.ts';
import { spendWriteAllowance } from '#server/modules/auth/write-limits.ts';
import { applyAdminFields, listedHidden, ownsOrAdmin, requireEditable, requireReadable } from './content.policy.ts';
import {
  deleteContentRows,
  findContentRow,
  findContentRowFast,
  findContentRowLocked,
  findContentRows,
  findNeighbours,
  insertContentRow,
  moveHiddenRows,
  updateContentRow,
} from './content.repository.ts';
import type { ContentFields, ContentItem, ContentName, ContentQuery, ContentResource, HideableTable, Row } from './content.types.ts';

// SPEC §7's call set for the five content resources, the same rules for each: who writes, which
// fields a client may set, hidden items, all-or-nothing batches, the search index and views kept
// in step. Each function takes the resource's name; its declaration (content-resources.ts) says
// what is its own.

const BATCH_MAX = 500;

function resourceOf<N extends ContentName>(name: N): ContentResource<N> {
  return CONTENT_RESOURCES[name];
}

function decode<N extends ContentName>(def: ContentResource<N>, row: Record<string, unknown>): ContentItem<N> {
  return (def.fromRow ? def.fromRow(row) : row) as ContentItem<N>;
}

/** An item as `caller` may read it: a visitor gets the members-only fields empty. */
function forCaller<N extends ContentName>(def: ContentResource<N>, caller: Caller, item: ContentItem<N>): ContentItem<N> {
  if (caller.actor || !def.membersOnly) return item;
  return { ...item, ...Object.fromEntries(def.membersOnly.map((f) => [f, ''])) };
}

/** Whether items of `name` hold fields only members read (a member's fill-in of their pages reads
 * them: membersOnlyFields). */
export function hasMembersOnlyFields(name: ContentName): boolean {
  return Boolean(resourceOf(name).membersOnly?.length);
}

/** The fields of item `id` only members read, for a member's fill-in of its shared page
 * (pages/member-fill.ts): none for a visitor, a kind without them or an item the caller may not
 * read (the page is then renewed or a 404 anyway). */
export async function membersOnlyFields(deps: Deps, name: ContentName, caller: Caller, id: number): Promise<Record<string, string>> {
  const def = resourceOf(name);
  if (!caller.actor || !def.membersOnly?.length) return {};
  let row: Row;
  try {
    row = requireReadable(def, caller.actor, await findContentRowFast(deps.db, def.table, id));
  } catch (err) {
    if (err instanceof AppError) return {};
    throw err;
  }
  return Object.fromEntries(def.membersOnly.map((f) => [f, textOf(row[f])]));
}

/** Whether the kind's items carry a comment thread (its resource's `comments`; CommentTargets
 * names the same tables, content.shows.ts checks it). */
export function hasComments(name: ContentName): name is CommentTarget {
  return Boolean(resourceOf(name).comments);
}

/** A seller's 거래완료 (modules/review): closes a shown item of a sale kind as its resource's
 * `close` says, in the caller's transaction `db`, the lists' counts moving with it. Answers the row
 * as it was (the caller checks who may close it; a refusal rolls the close back), or undefined
 * for an item that is not there, not shown, or not of a section that closes as a sale. */
export async function closeSale(deps: Deps, db: Executor, name: ContentName, id: number): Promise<Row | undefined> {
  const close = resourceOf(name).close;
  const before = await findContentRowLocked(db, deps.dialect, name, id);
  if (!before || !close?.buyer || !isShownRow(before as { hidden: number })) return undefined;
  if (close.sections && !close.sections.includes(before.topcategory as number)) return undefined;
  if (before[close.column] !== close.value) {
    await updateContentRow(db, name, id, { [close.column]: close.value });
    await moveCounts(db, name, [before], [{ ...before, [close.column]: close.value }]);
  }
  return before;
}

const listSchemas = new Map<ContentName, z.ZodType<ListParams>>();

/** The list, count and sum calls' parameters of one resource: page, size, sort, keyword, its
 * filters, and `hidden` (admins only). The API parses a query string with it. */
export function contentListSchema(name: ContentName): z.ZodType<ListParams> {
  let schema = listSchemas.get(name);
  if (!schema) {
    const def = resourceOf(name);
    schema = listParamsSchema(def.list, { hidden: inQuery(integer(0, 1)).optional(), ...def.listParams });
    listSchemas.set(name, schema);
  }
  return schema;
}

/** A list's query string (the API's, or a page's address), checked: a 400 naming the field. */
export function parseContentQuery(name: ContentName, query: Record<string, string>): ListParams {
  return parseInput(contentListSchema(name), query);
}

/** Validates a create (before undefined) or an edit (merged over the stored item) and answers the
 * columns to write. Rich text is sanitized; client copies of server fields are dropped. */
function prepare<N extends ContentName>(deps: Deps, def: ContentResource<N>, actor: Actor, fields: ContentFields, before: Row | undefined) {
  const merged = before ? { ...decode(def, before), ...fields } : fields;
  const input = parseInput(def.schema, merged) as Record<string, unknown>;
  for (const f of def.serverFields) delete input[f];
  delete input.id;
  applyAdminFields(def, actor, input, before);
  for (const f of def.richText) if (typeof input[f] === 'string') input[f] = sanitizeRichText(input[f] as string);
  // After sanitizing: markup that is dropped (an empty paragraph, a script) leaves nothing to read.
  for (const f of def.requiredRichText ?? []) {
    if (!hasRichContent(input[f] as string)) throw new AppError(400, ErrorKey.invalid, { field: f, detail: Messages.contentRequired });
  }
  def.requireWrite(actor, input, before);
  const derived = def.derive ? def.derive(input, before, actor, deps) : {};
  return def.toRow ? def.toRow({ ...input, ...derived }) : { ...input, ...derived };
}

const FieldsIdSchema = z.object({ id: idSchema });

/** The id a body carries: 0 (or none) creates, a positive id edits. */
function fieldsId(fields: ContentFields): number {
  return fields.id === undefined ? 0 : parseInput(FieldsIdSchema, { id: fields.id }).id;
}

/** The lists' counts and the search index follow every write, in the same transaction: `before`
 * is the row as the write found it (none for a new one). */
async function syncAfterWrite<N extends ContentName>(deps: Deps, db: Executor, def: ContentResource<N>, id: number, before?: Row) {
  const after = (await findContentRow(db, def.table, id)) as Row;
  await moveCounts(db, def.table, before ? [before] : [], [after]);
  if (def.search) await indexItem(db, deps.dialect, def.search, after);
}

/** A new item, and for a listing what the scam checks found: one that must wait for an admin
 * is stored held (its author sees it 검토 중) and put on the review queue. */
async function insert<N extends ContentName>(
  deps: Deps,
  db: Executor,
  def: ContentResource<N>,
  actor: Actor,
  values: object,
  phrases: readonly ScamPhrase[],
) {
  const warnings = listingWarnings(def.table, values as Record<string, unknown>, phrases);
  const hold = warnings && (await waitReason(deps, db, actor, warnings, values as Record<string, unknown>));
  const hidden = hold ? { hidden: Visibility.review } : {};
  const id = await insertContentRow(db, def.table, {
    ...values,
    ...hidden,
    user: actor.id,
    name: await authorName(db, actor.id),
    date: nowIso(),
  });
  await syncAfterWrite(deps, db, def, id);
  if (warnings) await keepListingPhotos(db, def.table, { ...values, id, user: actor.id });
  if (warnings?.length) await noteWarnings(db, { target: def.table, item: id, user: actor.id }, warnings);
  if (hold) await enqueue(db, { target: def.table, item: id, user: actor.id, warnings, ...hold });
  return { id, ...screened(warnings, hold !== undefined) };
}

/** What a listing's create or update answer adds: the scam checks' findings, and `held` when it
 * waits for an admin. Other items answer as before. */
function screened(warnings: FoundWarning[] | undefined, held: boolean): { warnings?: FoundWarning[]; held?: true } {
  if (!warnings) return {};
  return held ? { warnings, held: true } : { warnings };
}

/** What new items change for the stored pages: the lists of their table and sections (their rows
 * and totals), the page of the item each follows, and the search pages whose query they may match;
 * not the pages of other items (content.shows.ts). */
function newRowKeys(def: ContentResource<ContentName>, rows: readonly object[]): string[] {
  const sections = rows.map((row) => (row as { topcategory?: unknown }).topcategory).filter((s) => typeof s === 'number');
  const { search } = def;
  const found = search ? rows.flatMap((row) => itemSearchKeys(search, row as Record<string, unknown>)) : [];
  return [...new Set([...newRowsChanges(def.table, sections), ...found])];
}

/** POST /api/<name>: one new item. */
export async function createContent(
  deps: Deps,
  name: ContentName,
  caller: Caller,
  fields: ContentFields,
): Promise<{ id: number; warnings?: FoundWarning[]; held?: true }> {
  const def = resourceOf(name);
  const actor = requireActor(caller.actor);
  if (fieldsId(fields) !== 0) throw new AppError(400, ErrorKey.invalid, { field: 'id', detail: 'POST creates: id must be 0' });
  const prepared = prepare(deps, def, actor, fields, undefined);
  const values = { ...prepared, ...(await def.check?.(deps, prepared, actor, undefined)) };
  await spendWriteAllowance(deps, actor, 'post');
  const phrases = await scamPhrases(deps);
  const created = await writesShowOnly(newRowKeys(def, [values]), () =>
    deps.db.transaction().execute((trx) => insert(deps, trx, def, actor, values, phrases)),
  );
  const after = (await findContentRow(deps.db, def.table, created.id)) as Row;
  await def.afterSave?.(deps, undefined, after, actor);
  return created;
}

/** POST /api/<name>/batch: all the items or none; an error names the item's index. */
export async function createContentBatch(
  deps: Deps,
  name: ContentName,
  caller: Caller,
  items: ContentFields[],
): Promise<{ ids: number[] }> {
  const def = resourceOf(name);
  const actor = requireActor(caller.actor);
  if (items.length === 0 || items.length > BATCH_MAX) {
    throw new AppError(400, ErrorKey.invalid, { detail: `a JSON array of 1 to ${BATCH_MAX} items` });
  }
  const prepared = items.map((item, i) => {
    try {
      if (fieldsId(item) !== 0) throw new AppError(400, ErrorKey.invalid, { field: 'id' });
      return prepare(deps, def, actor, item, undefined);
    } catch (err) {
      throw atIndex(err, i);
    }
  });
  for (const [i, values] of prepared.entries()) {
    Object.assign(values, await def.check?.(deps, values, actor, undefined).catch((err) => Promise.reject(atIndex(err, i))));
  }
  await spendWriteAllowance(deps, actor, 'post', prepared.length);
  const phrases = await scamPhrases(deps);
  const ids = await writesShowOnly(newRowKeys(def, prepared), () =>
    deps.db.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (const values of prepared) out.push((await insert(deps, trx, def, actor, values, phrases)).id);
      return out;
    }),
  );
  return { ids };
}

/** Whether the actor may edit the item: its author, an admin, or whom its resource names (an
 * organization's staff and editors). The write page asks before it opens; a save checks again. */
export async function mayEditContent(deps: Deps, name: ContentName, actor: Actor, row: Row): Promise<boolean> {
  return ownsOrAdmin(actor, row) || ((await resourceOf(name).mayEdit?.(deps, actor, row)) ?? false);
}

/** PUT /api/<name>: edits an item; the fields left out keep their stored values. */
export async function updateContent<N extends ContentName>(
  deps: Deps,
  name: N,
  caller: Caller,
  fields: ContentFields,
): Promise<{ item: ContentItem<N>; warnings?: FoundWarning[]; held?: true }> {
  const def = resourceOf(name);
  const actor = requireActor(caller.actor);
  const id = fieldsId(fields);
  if (id === 0) throw new AppError(400, ErrorKey.invalid, { field: 'id', detail: 'PUT updates: id must be positive' });
  const before = await findContentRow(deps.db, def.table, id);
  if (!before) throw new AppError(404, ErrorKey.notFound);
  if (!(await mayEditContent(deps, name, actor, before))) throw new AppError(403, ErrorKey.forbidden);
  const prepared = prepare(deps, def, actor, fields, before);
  const values = { ...prepared, ...(await def.check?.(deps, prepared, actor, before)) };
  const warnings = listingWarnings(def.table, { ...before, ...values }, await scamPhrases(deps));
  const held = await deps.db.transaction().execute(async (trx) => {
    // Read again, locked: a concurrent edit may have moved the item between lists since.
    const current = await findContentRowLocked(trx, deps.dialect, def.table, id);
    if (!current) throw new AppError(404, ErrorKey.notFound);
    await updateContentRow(trx, def.table, id, values);
    await syncAfterWrite(deps, trx, def, id, current);
    if (current.user !== actor.id) await auditEdit(trx, actor, def.table, current, values);
    if (warnings) await noteWarnings(trx, { target: def.table, item: id, user: current.user }, warnings);
    return holdEdited(deps, trx, def.table, current, { ...current, ...values }, warnings);
  });
  const after = (await findContentRow(deps.db, def.table, id)) as Row;
  await def.afterSave?.(deps, before, after, actor);
  return { item: decode(def, after), ...screened(warnings, held) };
}

/** A shown listing edited into a money-mule offer, or given another member's photo, waits for an
 * admin like a new one (the photos it had were judged before). Its photos are kept for later
 * matches either way. */
async function holdEdited(
  deps: Deps,
  db: Executor,
  table: ContentName,
  before: Row,
  edited: Row,
  warnings: FoundWarning[] | undefined,
): Promise<boolean> {
  if (!warnings || table === 'inquiry' || table === 'mainschedule') return false;
  const had = new Set(parseImages(before.images));
  const hold = await editHold(deps, db, edited.user, warnings, { images: parseImages(edited.images).filter((p) => !had.has(p)) });
  await keepListingPhotos(db, table, edited);
  if (!hold) return false;
  const moved = await setVisibility(deps, db, table, [edited.id], Visibility.review, [Visibility.shown]);
  if (moved.length) await enqueue(db, { target: table, item: edited.id, user: edited.user, warnings, ...hold });
  return moved.length > 0;
}

/** An admin's edit of someone else's item (security round three: every admin action on others'
 * content is audited, whatever path it takes): the fields it changed, before and after. */
async function auditEdit(db: Executor, actor: Actor, table: ContentName, before: Row, values: Record<string, unknown>): Promise<void> {
  const changed = Object.keys(values).filter((k) => values[k] !== before[k]);
  if (!changed.length) return;
  const pick = (row: Record<string, unknown>) => Object.fromEntries(changed.map((k) => [k, row[k]]));
  await recordAudit(db, { actor: actor.id, target: table, item: before.id, action: 'edit', before: pick(before), after: pick(values) });
}

/** DELETE /api/<name> and /batch: all the items or none, with what hangs off them. `decision`:
 * what the removal carries out (a report's delete), audited instead of the plain delete. */
export async function removeContent(
  deps: Deps,
  name: ContentName,
  caller: Caller,
  ids: number[],
  decision?: RemovalDecision,
): Promise<{ ids: number[] }> {
  const def = resourceOf(name);
  const actor = requireActor(caller.actor);
  const unique = [...new Set(ids)];
  await deps.db.transaction().execute(async (trx) => {
    const rows = await findContentRows(trx, def.table, unique);
    if (rows.length !== unique.length) throw new AppError(404, ErrorKey.notFound);
    for (const r of rows) {
      requireEditable(actor, r);
      def.requireDelete?.(actor, r);
    }
    // An admin deleting someone else's item: audited, whichever path asked (API, page, moderation).
    for (const r of rows) await auditRemoval(trx, actor.id, def.table, r, { title: r.title }, decision);
    // Rows that hang off any counted item go with it: its comments, likes, visits and search entry.
    if (def.comments) await forgetComments(trx, def.table as CommentTarget, unique);
    if (LikeTargets.includes(def.table as LikeTarget)) await forgetLikes(trx, def.table as LikeTarget, unique);
    if (def.countViews) await forgetViews(trx, def.table, unique);
    if (def.search) await unindexItems(trx, deps.dialect, def.search, unique);
    await forgetQueued(trx, def.table, unique);
    await forgetWarnings(trx, def.table, unique);
    await forgetListingPhotos(trx, def.table, unique);
    await def.removeWith?.(trx, unique);
    // The rows this delete removed, not the ones read above: of two concurrent deletes of an
    // item, only one takes it out of the counts.
    await moveCounts(trx, def.table, await deleteContentRows(trx, def.table, unique), []);
  });
  return { ids: unique };
}

const VISIBILITY_STATES = Object.values(Visibility);

/** The one write of an item's visibility (a moderator's hide and show, reports' hold, an admin's
 * restore; states in shared/reports.ts). The items still in one of the `from` states (by default
 * any other than `to`) move to `to`, one conditional update per state: the counts then move from
 * what the row held at the update, whatever wrote it meanwhile. In the caller's transaction the
 * lists' counts move with the rows and the search index drops the items or takes them back
 * (hidden items are never in it; comments are not indexed). It is an ordinary write, never made
 * inside writesShowOnly: lists, totals and search change with it, so every stored page is
 * renewed. Answers the ids that moved. */
export async function setVisibility(
  deps: Deps,
  db: Executor,
  table: HideableTable,
  ids: number[],
  to: Visibility,
  from: readonly Visibility[] = VISIBILITY_STATES.filter((s) => s !== to),
): Promise<number[]> {
  const search = table === 'comment' ? undefined : resourceOf(table).search;
  const moved: number[] = [];
  for (const state of from) {
    const after = await moveHiddenRows(db, table, ids, state, to);
    await moveCounts(
      db,
      table,
      after.map((r) => ({ ...r, hidden: state })),
      after,
    );
    if (search) for (const row of after) await indexItem(db, deps.dialect, search, row);
    moved.push(...after.map((r) => r.id));
  }
  // Held means held: other members' notices of it go too (notification.service.ts).
  if (to !== Visibility.shown) await forgetNoticesToOthers(db, table, moved);
  return moved;
}

type Scoped = ListParams & { searchCondition?: Expression<SqlBool> };

/** Left-out page, size and sort take their defaults; a searchable resource answers its keyword
 * from the search index (Korean-aware, indexed) instead of the generic substring scan. */
async function scoped<N extends ContentName>(deps: Deps, def: ContentResource<N>, query: ContentQuery): Promise<Scoped> {
  const params: ListParams = { page: 1, size: PAGE_SIZE_DEFAULT, sort: def.list.defaultSort, ...query };
  if (!def.search || !params.keyword) return params;
  const section = def.search === 'board' ? (params.topcategory as number | undefined) : undefined;
  return { ...params, keyword: undefined, searchCondition: await keywordCondition(deps, def.search, params.keyword, section) };
}

/** Hidden items for admins who ask for them; the keyword's condition; the resource's own scope. */
function narrowing<N extends ContentName>(deps: Deps, def: ContentResource<N>, caller: Caller, params: Scoped) {
  return (q: AnyQuery) => {
    const hidden = listedHidden(caller.actor, params.hidden as number | undefined);
    let query = hidden === undefined ? q.where(shown()) : q.where('hidden', '=', hidden);
    if (params.searchCondition) query = query.where(params.searchCondition);
    return def.narrowList ? def.narrowList(query, params, caller, deps) : query;
  };
}

/** The same narrowing as a counted scope's conditions (db/counters.ts), when it is one. */
function countedAs<N extends ContentName>(deps: Deps, def: ContentResource<N>, caller: Caller, params: Scoped): CountQuery | undefined {
  if (params.searchCondition) return undefined;
  const own = def.narrowList ? def.countedAs?.(params, caller, deps) : {};
  if (!own) return undefined;
  return { ...own, eq: { hidden: listedHidden(caller.actor, params.hidden as number | undefined) ?? Visibility.shown, ...own.eq } };
}

/** The columns a page asks for that `def`'s items have: a generic list's own (category) are
 * not every kind's. */
function ownColumns<N extends ContentName>(def: ContentResource<N>, columns: readonly string[] | undefined) {
  if (!columns) return undefined;
  const known = new Set(['id', ...Object.keys(def.schema.shape), ...def.serverFields]);
  return columns.filter((c) => known.has(c));
}

/** How a page of `def`'s items is read: its columns, who sees what, and the site's zone. */
function pageOptions<N extends ContentName>(
  deps: Deps,
  def: ContentResource<N>,
  caller: Caller,
  params: Scoped,
  columns?: readonly string[],
) {
  return {
    columns: ownColumns(def, columns),
    narrow: narrowing(deps, def, caller, params),
    tracker: deps.tracker,
    timeZone: deps.env.SITE_TIMEZONE,
  };
}

/** GET /api/<name>: a page of items; a page that shows only some fields names them (`columns`). */
export async function listContent<N extends ContentName>(
  deps: Deps,
  name: N,
  caller: Caller,
  query: ContentQuery = {},
  columns?: readonly string[],
) {
  const def = resourceOf(name);
  const params = await scoped(deps, def, query);
  const result = await listRows<N, Record<string, unknown>>(deps.db, def.list, params, {
    ...pageOptions(deps, def, caller, params, columns),
    counted: countedAs(deps, def, caller, params),
  });
  return { ...result, items: result.items.map((row) => forCaller(def, caller, decode(def, row))) };
}

/** listContent's items alone, not counted: for a page that shows a list's first few and no total
 * (the index's boxes). */
export async function listContentItems<N extends ContentName>(
  deps: Deps,
  name: N,
  caller: Caller,
  query: ContentQuery = {},
  columns?: readonly string[],
) {
  const def = resourceOf(name);
  const params = await scoped(deps, def, query);
  const rows = await pageRows<N, Record<string, unknown>>(deps.db, def.list, params, pageOptions(deps, def, caller, params, columns));
  return rows.map((row) => forCaller(def, caller, decode(def, row)));
}

/** GET /api/<name>/count. */
export async function countContent(deps: Deps, name: ContentName, caller: Caller, query: ContentQuery = {}): Promise<{ total: number }> {
  const def = resourceOf(name);
  const params = await scoped(deps, def, query);
  return {
    total: await countRows(deps.db, def.list, params, {
      narrow: narrowing(deps, def, caller, params),
      counted: countedAs(deps, def, caller, params),
      tracker: deps.tracker,
      timeZone: deps.env.SITE_TIMEZONE,
    }),
  };
}

/** GET /api/<name>/sum: totals of the numeric fields under the same filters. */
export async function sumContent(deps: Deps, name: ContentName, caller: Caller, query: ContentQuery = {}) {
  const def = resourceOf(name);
  const params = await scoped(deps, def, query);
  return sumRows(deps.db, def.list, params, { narrow: narrowing(deps, def, caller, params), timeZone: deps.env.SITE_TIMEZONE });
}

/** GET /api/<name>/{id}: one item. With a `visitor`, a view is counted for them (+1 per visitor
 * per 24 hours); without one none is (an editor opening a post). */
export async function getContent<N extends ContentName>(
  deps: Deps,
  name: N,
  caller: Caller,
  id: number,
  visitor?: Visitor,
): Promise<ContentItem<N>> {
  const def = resourceOf(name);
  // A counted view needs this visitor's last visit too: read with the row, in one statement.
  const key = def.countViews ? visitor?.key : undefined;
  const found =
    key && def.table !== 'inquiry' && def.table !== 'mainschedule' && def.table !== 'event'
      ? await readWithLastVisit(deps.db, def.table, id, key)
      : { row: await findContentRowFast(deps.db, def.table, id), lastVisit: null };
  const row = requireReadable(def, caller.actor, found.row as Row | undefined);
  if (def.countViews) {
    const queued = key
      ? recordView(deps, def.table, id, { key, cookieKey: visitor?.cookieKey }, found.lastVisit, (err) =>
          deps.logger.error({ err }, 'view count failed'),
        )
      : pendingViews(deps, def.table, id);
    row.count = (row.count as number) + queued;
  }
  return forCaller(def, caller, decode(def, row));
}

/** What an item's detail answer adds for its reader, where its resource adds anything. */
export async function contentDetail<N extends ContentName>(
  deps: Deps,
  name: N,
  caller: Caller,
  item: ContentItem<N>,
): Promise<ContentItem<N>> {
  const detail = resourceOf(name).detail;
  return detail ? { ...item, ...(await detail(deps, caller.actor, item as Record<string, unknown>)) } : item;
}

/** Sanitized HTML keeps an image only with a src on our upload path, in double quotes. */
const IMAGE_SRC = /<img\b[^>]*?\ssrc="([^"]+)"/g;

/** The files an item carries, for its detail answer and page: its photos (`image`, `images`),
 * then the uploaded images its rich text shows, each once, with name and size. */
export function contentAttachments<N extends ContentName>(deps: Deps, name: N, item: ContentItem<N>): Promise<Attachment[]> {
  const fields = item as Record<string, unknown>;
  const photos = [...(Array.isArray(fields.images) ? fields.images : []), fields.image].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  );
  const inline = resourceOf(name).richText.flatMap((f) => [...String(fields[f] ?? '').matchAll(IMAGE_SRC)].map((m) => m[1] as string));
  return listAttachments(deps, [...photos, ...inline], `/${name}/${fields.id}/files/`);
}

/** GET /api/<name>/{id}/files/{file}: one of the files an item carries, for a member who may read
 * the item now; a held, hidden, deleted or someone else's private item answers as its page does,
 * and a file the item does not carry is not found. No view is counted. */
export async function getContentFile<N extends ContentName>(deps: Deps, name: N, caller: Caller, id: number, file: string) {
  requireActor(caller.actor);
  const item = await getContent(deps, name, caller, id);
  const found = (await contentAttachments(deps, name, item)).find((a) => a.download.endsWith(`/files/${file}`));
  if (!found) throw new AppError(404, ErrorKey.notFound);
  return found;
}

/** GET /api/<name>/initdata: a new item with the spec's defaults. */
export function contentInitdata(name: ContentName): Record<string, unknown> {
  return resourceOf(name).initdata();
}

/** A detail page's 이전 글 / 다음 글: the older and newer visible item of the same list; board
 * posts stay within their topcategory. */
export function contentNeighbours(deps: Deps, name: SectionTable, id: number, topcategory?: number) {
  return findNeighbours(deps.db, name, id, topcategory);
}
