import { sql } from 'kysely';
import type { Db, Dialect, Executor } from '#server/db/database.ts';

// The tables a backup carries, read and written the same way on both databases, so that a copy
// of either restores into either. Left out: the migrator's own tables (the schema version is in
// the manifest, and a restore migrates) and the search index (search_*), which is derived from
// the content, differs between the databases (FTS5 tables, a tsvector) and is rebuilt after a
// restore into the other kind. And the rate limits' counts (PostgreSQL only, minutes' worth), the
// lists' counts, which a restore takes afresh from the rows it restored, and which app servers run.

/** A value as both databases hand it to us: the schema has only text, integer and double columns. */
export type Cell = string | number | null;

export interface TableRows {
  name: string;
  columns: string[];
  /** Rows in batches, each row's cells in `columns`' order. */
  batches: AsyncIterable<Cell[][]>;
}

const SKIPPED = /^(kysely_|search_|sqlite_|rate_limits$|list_counts$|push_servers$)/;

export function isBackedUp(table: string): boolean {
  return !SKIPPED.test(table);
}

/** Every table of ours in the database, data tables and skipped ones alike, by name. */
export async function allTables(db: Executor, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
      : await sql<{ name: string }>`
          select name from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(db);
  return rows.map((r) => r.name);
}

export async function dataTables(db: Executor, dialect: Dialect): Promise<string[]> {
  return (await allTables(db, dialect)).filter(isBackedUp);
}

export async function countRows(db: Executor, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function tableColumns(db: Executor, dialect: Dialect, table: string): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db);
  return rows.map((r) => r.name);
}

/** The newest migration applied: the schema version a backup records. */
export async function schemaVersion(db: Executor): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new Error('the database has no migrations applied');
  return name;
}

/** Whether anything worth keeping is there: a row in any table but the migrator's. */
export async function holdsRows(db: Executor, dialect: Dialect): Promise<boolean> {
  for (const table of await allTables(db, dialect)) {
    if (table.startsWith('kysely_')) continue;
    const { rows } = await sql`select 1 as one from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length > 0) return true;
  }
  return false;
}

/** A PostgreSQL target is emptied table by table (a restore then migrates from nothing):
 * dropping the schema would also drop its owner's grants. */
export async function dropAllTables(db: Db): Promise<void> {
  for (const table of await allTables(db, 'postgres')) await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
}

/** Most cells a statement may bind (SQLite allows 32,766 and PostgreSQL 65,535). */
const MAX_CELLS = 30_000;
/** Rows a transaction writes before it commits: large enough to be quick, small enough that
 * SQLite's log and PostgreSQL's undo stay small. */
const ROWS_PER_TRANSACTION = 20_000;

/** Appends a table's rows; answers how many were written. */
export async function writeRows(db: Db, data: TableRows, onRows: (n: number) => void): Promise<number> {
  const perStatement = Math.max(1, Math.floor(MAX_CELLS / Math.max(1, data.columns.length)));
  const columns = sql.join(data.columns.map((c) => sql.ref(c)));
  const insert = (trx: Executor, rows: Cell[][]) =>
    sql`insert into ${sql.table(data.name)} (${columns}) values ${sql.join(rows.map((r) => sql`(${sql.join(r)})`))}`.execute(trx);
  let written = 0;
  let pending: Cell[][] = [];
  const flush = async () => {
    const rows = pending;
    pending = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += perStatement) await insert(trx, rows.slice(i, i + perStatement));
    });
    written += rows.length;
    onRows(rows.length);
  };
  for await (const batch of data.batches) {
    pending.push(...batch);
    if (pending.length >= ROWS_PER_TRANSACTION) await flush();
  }
  if (pending.length > 0) await flush();
  return written;
}

/** After rows came in with their ids: PostgreSQL's identity sequences start past the largest id,
 * so new rows get new ids. (SQLite's AUTOINCREMENT counter follows inserted ids by itself.) */
export async function resetSequences(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')`.execute(db);
  for (const { table, column } of rows) {
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}
