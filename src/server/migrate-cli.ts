import { startProcess } from '#server/process-start.ts';
import { connect } from './db/connect.ts';
import { upgradeToLatest } from './upgrade.ts';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
// The server does the same at start; this is for deploys that migrate before switching over.
const env = startProcess();
const connection = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const applied = await upgradeToLatest(connection.db, connection.dialect);
process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
await connection.close();
