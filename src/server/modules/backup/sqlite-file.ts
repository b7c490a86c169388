import { DatabaseSync } from 'node:sqlite';
import { type Cell, isBackedUp, type TableRows } from './tables.ts';

// A SQLite backup's copy, read directly: its tables, counts and schema version for the manifest,
// and its rows, streamed, for a restore into PostgreSQL (or migrate-to-postgres); and a restore's
// target, to see whether it holds rows. Never a server's live database, so blocking reads are fine
// (the CLIs run in a process of their own).

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const BATCH = 2000;

export interface SqliteCopy {
  tables(): string[];
  count(table: string): number;
  schemaVersion(): string;
  rows(table: string): TableRows;
  close(): void;
}

export function openSqliteCopy(file: string, { readOnly = true } = {}): SqliteCopy {
  const db = new DatabaseSync(file, { readOnly });
  return {
    tables() {
      const rows = db.prepare("select name from sqlite_schema where type = 'table' order by name").all() as { name: string }[];
      return rows.map((r) => r.name).filter(isBackedUp);
    },
    count(table) {
      return Number((db.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n);
    },
    schemaVersion() {
      const row = db.prepare('select name from kysely_migration order by name desc limit 1').get() as { name: string } | undefined;
      if (!row) throw new Error('the database has no migrations applied');
      return row.name;
    },
    rows(table) {
      const columns = (db.prepare(`select name from pragma_table_info(?) order by cid`).all(table) as { name: string }[]).map(
        (c) => c.name,
      );
      const statement = db.prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)}`);
      async function* batches(): AsyncGenerator<Cell[][]> {
        let batch: Cell[][] = [];
        for (const row of statement.iterate()) {
          batch.push(columns.map((c) => row[c] as Cell));
          if (batch.length === BATCH) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      }
      return { name: table, columns, batches: batches() };
    },
    close: () => db.close(),
  };
}
