import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { id as idSchema } from '#shared/schemas/fields.ts';
import { z as zod } from 'zod';
import type { Expression, SqlBool } from 'kysely';
import { IdBodySchema, IdListSchema } from '#shared/schemas/user.ts';
import type { Database, Executor } from '#server/db/database.ts';
import { precompiled } from '#server/db/precompiled.ts';
import { isAdmin, requireActor } from '#server/modules/auth/actor.policy.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { nowIso } from '#server/lib/clock.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { authorName } from '#server/modules/user/user.service.ts';
import { forgetViews, pendingViews, readWithLastVisit, recordView, type ViewTarget } from '#server/modules/view/view.service.ts';
import { forgetLikes } from '#server/modules/like/like.service.ts';
import { type LikeTarget, LikeTargets } from '#shared/schemas/content.ts';
import { indexItem, keywordCondition, type SearchTarget, unindexItems } from '#server/modules/search/search.service.ts';
import { type ListParams, type ListSpec, listParamsSchema, listRows, countRows, sumRows, type AnyQuery } from './list-query.ts';
import type { ResourceHandlers } from './routes.ts';

// The generic resource of ARCHITECTURE.md: board, jobs, business, inquiry and mainschedule each
// declare their schema, defaults, filters and policy; this file turns a declaration into SPEC
// §7's ten calls with the same rules everywhere (who writes, which fields a client may set,
// hidden items, all-or-nothing batches).

export type ContentTable = 'board' | 'jobs' | 'business' | 'inquiry' | 'mainschedule';
export type Row = Record<string, unknown> & { id: number; user: number; hidden: number };

export interface ContentResource<T extends ContentTable> {
  table: T;
  schema: zod.ZodObject;
  /** Accepted in a body, never taken from it (counts, author, dates). */
  serverFields: readonly string[];
  /** Taken only from an admin; others get the default on create and a 403 when they change one. */
  adminFields: readonly string[];
  /** HTML fields sanitized before storing. */
  richText: readonly string[];
  list: ListSpec<T>;
  /** Extra list parameters and the conditions they add. */
  listParams?: zod.ZodRawShape;
  narrowList?: (q: AnyQuery, params: ListParams, caller: Caller, deps: Deps) => AnyQuery;
  /** SPEC §3 defaults, for initdata. */
  initdata(): Record<string, unknown>;
  /** Refuses a create or edit that this actor may not make (e.g. news below level 2). */
  requireWrite(actor: Actor, input: Record<string, unknown>, before: Row | undefined): void;
  /** Refuses a delete beyond the author-or-admin rule (an answered inquiry), in its transaction. */
  requireDelete?(actor: Actor, row: Row): void;
  /** Who may read one item beyond the public (inquiries: author and admins only). */
  canRead?(actor: Actor | undefined, row: Row): boolean;
  /** An unreadable item is private (401/403, inquiries) or, for others, simply not there (404). */
  privateItems?: boolean;
  /** Storage form of a value (board images: a JSON array stored as text) and back. */
  toRow?(input: Record<string, unknown>): Record<string, unknown>;
  fromRow?(row: Record<string, unknown>): Record<string, unknown>;
  /** Fields the server derives from the input (board's korean/english flags). */
  derive?(input: Record<string, unknown>, before: Row | undefined, actor: Actor): Record<string, unknown>;
  /** After a committed save (inquiry answers e-mail the author). */
  afterSave?(deps: Deps, before: Row | undefined, after: Row): Promise<void>;
  /** A resource's own rows that hang off an item and go with it (likes, visits and search
   * entries are removed by the mechanism). */
  onDelete?(db: Executor, ids: number[]): Promise<void>;
  /** Counts a view on get (+1 per visitor per 24 h). */
  countViews?: boolean;
  /** Kept in the search index under this target; the list's keyword then uses the index. */
  search?: SearchTarget;
}

const BATCH_MAX = 500;

function isHidden(row: Row): boolean {
  return row.hidden === 1;
}

export function contentHandlers<T extends ContentTable>(deps: Deps, def: ContentResource<T>): ResourceHandlers {
  const table = def.table as keyof Database;
  const ListParamsSchema = listParamsSchema(def.list, { hidden: zod.coerce.number().int().min(0).max(1).optional(), ...def.listParams });
  const decode = (row: Record<string, unknown>) => (def.fromRow ? def.fromRow(row) : row);

  const selectById = precompiled((db) => db.selectFrom(table).selectAll().where('id', '=', 0).compile());

  async function findRow(db: Executor, id: number): Promise<Row | undefined> {
    return (await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  }

  function requireEdit(actor: Actor, row: Row): void {
    if (row.user !== actor.id && !isAdmin(actor)) throw new AppError(403, ErrorKey.forbidden);
  }

  function requireReadable(actor: Actor | undefined, row: Row | undefined): Row {
    if (!row || (isHidden(row) && !isAdmin(actor))) throw new AppError(404, ErrorKey.notFound);
    if (def.canRead && !def.canRead(actor, row)) {
      if (!def.privateItems) throw new AppError(404, ErrorKey.notFound);
      throw actor ? new AppError(403, ErrorKey.forbidden) : new AppError(401, ErrorKey.unauthorized);
    }
    return row;
  }

  /** Validates a create (id 0) or an update (id > 0, merged over the stored item) and answers the
   * columns to write. Rich text is sanitized; client copies of server fields are dropped. */
  function prepare(actor: Actor, body: unknown, before: Row | undefined): Record<string, unknown> {
    const merged = before ? { ...decode(before), ...(body as object) } : body;
    const input = parseInput(def.schema, merged) as Record<string, unknown>;
    for (const f of def.serverFields) delete input[f];
    delete input.id;
    for (const f of def.adminFields) {
      if (isAdmin(actor)) continue;
      if (before) {
        if (input[f] !== before[f]) throw new AppError(403, ErrorKey.forbidden, { field: f });
      } else {
        input[f] = def.initdata()[f];
      }
    }
    for (const f of def.richText) if (typeof input[f] === 'string') input[f] = sanitizeRichText(input[f] as string);
    def.requireWrite(actor, input, before);
    const derived = def.derive ? def.derive(input, before, actor) : {};
    return def.toRow ? def.toRow({ ...input, ...derived }) : { ...input, ...derived };
  }

  /** The search index follows every write, in the same transaction. */
  async function syncSearch(db: Executor, id: number): Promise<void> {
    if (def.search) await indexItem(db, deps.dialect, def.search, (await findRow(db, id)) as Row);
  }

  async function insert(db: Executor, actor: Actor, values: Record<string, unknown>): Promise<number> {
    const row = { ...values, user: actor.id, name: await authorName(db, actor.id), date: nowIso() };
    const result = await db
      .insertInto(table)
      .values(row as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = (result as { id: number }).id;
    await syncSearch(db, id);
    return id;
  }

  function bodyId(body: unknown): number {
    const raw = (body as { id?: unknown } | null)?.id;
    return raw === undefined ? 0 : parseInput(zod.object({ id: idSchema }), { id: raw }).id;
  }

  async function remove(db: Executor, actor: Actor, ids: number[]): Promise<void> {
    const rows = (await db.selectFrom(table).selectAll().where('id', 'in', ids).execute()) as Row[];
    if (rows.length !== ids.length) throw new AppError(404, ErrorKey.notFound);
    for (const r of rows) {
      requireEdit(actor, r);
      def.requireDelete?.(actor, r);
    }
    await def.onDelete?.(db, ids);
    // Rows that hang off any counted item go with it: its likes, visits and search entry.
    if (LikeTargets.includes(def.table as LikeTarget)) await forgetLikes(db, def.table as LikeTarget, ids);
    if (def.countViews) await forgetViews(db, def.table, ids);
    if (def.search) await unindexItems(db, deps.dialect, def.search, ids);
    await db.deleteFrom(table).where('id', 'in', ids).execute();
  }

  const handlers: ResourceHandlers = {
    async create(caller, body) {
      const actor = requireActor(caller.actor);
      if (bodyId(body) !== 0) throw new AppError(400, ErrorKey.invalid, { field: 'id', detail: 'POST creates: id must be 0' });
      const values = prepare(actor, body, undefined);
      const id = await deps.db.transaction().execute((trx) => insert(trx, actor, values));
      const after = (await findRow(deps.db, id)) as Row;
      await def.afterSave?.(deps, undefined, after);
      return { id };
    },

    async createBatch(caller, body) {
      const actor = requireActor(caller.actor);
      if (!Array.isArray(body) || body.length === 0 || body.length > BATCH_MAX) {
        throw new AppError(400, ErrorKey.invalid, { detail: `a JSON array of 1 to ${BATCH_MAX} items` });
      }
      const prepared = body.map((item, i) => {
        try {
          if (bodyId(item) !== 0) throw new AppError(400, ErrorKey.invalid, { field: 'id' });
          return prepare(actor, item, undefined);
        } catch (err) {
          throw indexed(err, i);
        }
      });
      const ids = await deps.db.transaction().execute(async (trx) => {
        const out: number[] = [];
        for (const values of prepared) out.push(await insert(trx, actor, values));
        return out;
      });
      return { ids };
    },

    async update(caller, body) {
      const actor = requireActor(caller.actor);
      const id = bodyId(body);
      if (id === 0) throw new AppError(400, ErrorKey.invalid, { field: 'id', detail: 'PUT updates: id must be positive' });
      const before = await findRow(deps.db, id);
      if (!before) throw new AppError(404, ErrorKey.notFound);
      requireEdit(actor, before);
      const values = prepare(actor, body, before);
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable(table)
          .set(values as never)
          .where('id', '=', id)
          .execute();
        await syncSearch(trx, id);
      });
      const after = (await findRow(deps.db, id)) as Row;
      await def.afterSave?.(deps, before, after);
      return { item: decode(after) };
    },

    async remove(caller, body) {
      const actor = requireActor(caller.actor);
      const { id } = parseInput(IdBodySchema, body);
      await deps.db.transaction().execute((trx) => remove(trx, actor, [id]));
      return { id };
    },

    async removeBatch(caller, body) {
      const actor = requireActor(caller.actor);
      const ids = [...new Set(parseInput(IdListSchema, Array.isArray(body) ? body : (body as { ids?: unknown })?.ids))];
      await deps.db.transaction().execute((trx) => remove(trx, actor, ids));
      return { ids };
    },

    async list(caller, query) {
      const params = await listParams(query);
      const narrow = listScope(caller, params);
      const result = await listRows<T, Record<string, unknown>>(deps.db, def.list, params, undefined, narrow);
      return { ...result, items: result.items.map(decode) };
    },

    async count(caller, query) {
      const params = await listParams(query);
      return { total: await countRows(deps.db, def.list, params, listScope(caller, params)) };
    },

    async sum(caller, query) {
      const params = await listParams(query);
      return sumRows(deps.db, def.list, params, listScope(caller, params));
    },

    async get(caller, id, visitor) {
      // A counted view needs this visitor's last visit too: read with the row, in one statement.
      const counting = def.countViews ? visitor?.key : undefined;
      const found = counting
        ? await readWithLastVisit(deps.db, def.table as ViewTarget, id, counting)
        : { row: (await selectById(deps.db, [id]))[0], lastVisit: null };
      const row = requireReadable(caller.actor, found.row as Row | undefined);
      if (def.countViews) {
        const queued = counting
          ? recordView(deps.db, def.table, id, counting, found.lastVisit, (err) => deps.logger.error({ err }, 'view count failed'))
          : pendingViews(deps.db, def.table, id);
        row.count = (row.count as number) + queued;
      }
      return { item: decode(row) };
    },

    async initdata() {
      return { item: def.initdata() };
    },
  };

  /** A searchable resource answers its keyword from the search index (Korean-aware, indexed)
   * instead of the generic substring scan, so the keyword moves out of the generic parameters. */
  async function listParams(query: Record<string, string>): Promise<ListParams & { searchCondition?: Expression<SqlBool> }> {
    const params = parseInput(ListParamsSchema, query);
    if (!def.search || !params.keyword) return params;
    const section = def.search === 'board' ? (params.topcategory as number | undefined) : undefined;
    return { ...params, keyword: undefined, searchCondition: await keywordCondition(deps, def.search, params.keyword, section) };
  }

  /** Hidden items are listed only for admins who ask for them; a resource adds its own scope. */
  function listScope(caller: Caller, params: ListParams & { searchCondition?: Expression<SqlBool> }) {
    return (q: AnyQuery) => {
      let query = q;
      const hidden = isAdmin(caller.actor) && params.hidden !== undefined ? (params.hidden as number) : 0;
      query = query.where('hidden', '=', hidden);
      if (params.searchCondition) query = query.where(params.searchCondition);
      return def.narrowList ? def.narrowList(query, params, caller, deps) : query;
    };
  }

  return handlers;
}

function indexed(err: unknown, index: number): unknown {
  if (err instanceof AppError) {
    return new AppError(err.status, err.key, { field: `[${index}]${err.field ? `.${err.field}` : ''}`, detail: err.message });
  }
  return err;
}
