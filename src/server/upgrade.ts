import type { Db, Dialect } from './db/database.ts';
import { rebuildCounts } from './db/counters.ts';
import { migrateToLatest, type Rebuilds } from './db/migrate.ts';
import { rebuildFtsEntries } from './modules/search/search.repository.ts';

// A database brought to the latest schema: the migrations, then the derived data they asked for,
// rebuilt by the live code (migrations hold no live code: db/migration-kit.ts).

const REBUILDS: Rebuilds = {
  'search-entries': rebuildFtsEntries,
  'list-counts': (db) => rebuildCounts(db),
};

/** The migrations applied, in order. */
export function upgradeToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  return migrateToLatest(db, dialect, REBUILDS);
}
