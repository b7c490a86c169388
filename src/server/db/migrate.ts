import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Db, Dialect } from './database.ts';
import type { DerivedData, MigrationContext } from './migration-kit.ts';
import * as m0001 from './migrations/0001-accounts.ts';
import * as m0002 from './migrations/0002-content.ts';
import * as m0003 from './migrations/0003-search.ts';
import * as m0004 from './migrations/0004-audit.ts';
import * as m0005 from './migrations/0005-list-orders.ts';
import * as m0006 from './migrations/0006-search-sections.ts';
import * as m0007 from './migrations/0007-search-titles.ts';
import * as m0008 from './migrations/0008-sessions.ts';
import * as m0009 from './migrations/0009-upload-owner.ts';
import * as m0010 from './migrations/0010-mail-queue.ts';
import * as m0011 from './migrations/0011-business-photos-closed-days.ts';
import * as m0012 from './migrations/0012-failed-mails.ts';
import * as m0013 from './migrations/0013-notifications.ts';
import * as m0014 from './migrations/0014-shared-servers.ts';
import * as m0015 from './migrations/0015-keyword-alerts.ts';
import * as m0016 from './migrations/0016-listing-freshness.ts';
import * as m0017 from './migrations/0017-reports.ts';
import * as m0018 from './migrations/0018-list-counts.ts';
import * as m0019 from './migrations/0019-search-section-titles.ts';
import * as m0020 from './migrations/0020-report-floods.ts';
import * as m0021 from './migrations/0021-notification-keyword.ts';
import * as m0022 from './migrations/0022-messages.ts';
import * as m0023 from './migrations/0023-housing.ts';
import * as m0024 from './migrations/0024-job-pay.ts';
import * as m0025 from './migrations/0025-member-trust.ts';
import * as m0026 from './migrations/0026-review-queue.ts';
import * as m0027 from './migrations/0027-push.ts';
import * as m0028 from './migrations/0028-events.ts';
import * as m0029 from './migrations/0029-item-comments.ts';
import * as m0030 from './migrations/0030-business-reviews.ts';
import * as m0031 from './migrations/0031-scam-photos-phrases.ts';
import * as m0032 from './migrations/0032-organizations.ts';
import * as m0033 from './migrations/0033-push-servers.ts';
import * as m0034 from './migrations/0034-event-search.ts';
import * as m0035 from './migrations/0035-listing-warnings.ts';
import * as m0036 from './migrations/0036-email-verified.ts';
import * as m0037 from './migrations/0037-photo-band-covering.ts';

interface MigrationModule {
  up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void>;
}

// Listed here rather than read from a folder so that the order is explicit and bundles work.
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-accounts': m0001,
  '0002-content': m0002,
  '0003-search': m0003,
  '0004-audit': m0004,
  '0005-list-orders': m0005,
  '0006-search-sections': m0006,
  '0007-search-titles': m0007,
  '0008-sessions': m0008,
  '0009-upload-owner': m0009,
  '0010-mail-queue': m0010,
  '0011-business-photos-closed-days': m0011,
  '0012-failed-mails': m0012,
  '0013-notifications': m0013,
  '0014-shared-servers': m0014,
  '0015-keyword-alerts': m0015,
  '0016-listing-freshness': m0016,
  '0017-reports': m0017,
  '0018-list-counts': m0018,
  '0019-search-section-titles': m0019,
  '0020-report-floods': m0020,
  '0021-notification-keyword': m0021,
  '0022-messages': m0022,
  '0023-housing': m0023,
  '0024-job-pay': m0024,
  '0025-member-trust': m0025,
  '0026-review-queue': m0026,
  '0027-push': m0027,
  '0028-events': m0028,
  '0029-item-comments': m0029,
  '0030-business-reviews': m0030,
  '0031-scam-photos-phrases': m0031,
  '0032-organizations': m0032,
  '0033-push-servers': m0033,
  '0034-event-search': m0034,
  '0035-listing-warnings': m0035,
  '0036-email-verified': m0036,
  '0037-photo-band-covering': m0037,
};

/** In order; the last is the schema version a database at its latest has (backups record it). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/** How the live code rebuilds each kind of derived data a migration may ask for (upgrade.ts holds
 * the server's). They run once every migration has, against the latest schema. */
export type Rebuilds = Record<DerivedData, (db: Db, dialect: Dialect) => Promise<void>>;

export async function migrateToLatest(db: Db, dialect: Dialect, rebuilds: Rebuilds): Promise<string[]> {
  const asked = new Set<DerivedData>();
  const applied = await migrate(db, dialect, asked, (m) => m.migrateToLatest());
  for (const what of asked) await rebuilds[what](db, dialect);
  return applied;
}

/** Up to and including a named migration (tests of what a later one does to existing data; a
 * restore's first step). Derived data is not rebuilt below the latest schema: the live code that
 * rebuilds it reads the latest; the migrations that follow ask again. */
export async function migrateUpTo(db: Db, dialect: Dialect, name: string): Promise<string[]> {
  return migrate(db, dialect, new Set(), (m) => m.migrateTo(name));
}

async function migrate(
  db: Db,
  dialect: Dialect,
  asked: Set<DerivedData>,
  run: (m: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const ctx: MigrationContext = { dialect, rebuild: (what) => asked.add(what) };
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (d: Kysely<unknown>) => m.up(d, ctx) }]),
  );
  const { error, results } = await run(new Migrator({ db, provider: { getMigrations: async () => migrations } }));
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
