import fs from 'node:fs';
import pg from 'pg';
import { createBackup } from '../../src/server/modules/backup/create-backup.ts';
import { restoreBackup } from '../../src/server/modules/backup/restore-backup.ts';
import { startPgServer } from '../../tests/support/pg-process.ts';
import { parentPid, processTreeCpuMs } from './process-cpu.ts';

// The benchmark's data on PostgreSQL: an embedded server of its own (the tests' one, with their
// settings), holding the same content as a prepared SQLite data folder. It gets there the way an
// operator moves a site (npm run migrate-to-postgres): a backup of the SQLite database and its
// restore into the empty database, which inserts the rows many to a statement, rebuilds the
// lists' counters and the search index. Then VACUUM ANALYZE, so that autovacuum catching up on the
// fresh tables does not run during the measurements.

export interface PostgresData {
  url: string;
  /** What the load took, in seconds. */
  seconds: { backup: number; rows: number; search: number; vacuum: number; total: number };
  /** CPU time of the PostgreSQL server and all its connections' processes so far, in ms. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

const since = (t: number) => Math.round((performance.now() - t) / 100) / 10;

/** Starts PostgreSQL and copies the SQLite database of `dataDir` into it (dataDir is read, and
 * the backup taken in it removed again). */
export async function postgresWithDataOf(dataDir: string, log: (line: string) => void): Promise<PostgresData> {
  const server = await startPgServer();
  try {
    const started = performance.now();
    const { dir } = await createBackup({ dataDir });
    const backup = since(started);
    log(`PostgreSQL: backup of the SQLite database taken in ${backup} s; restoring`);
    const restoring = performance.now();
    let searchStarted: number | undefined;
    let lastLogged = 0;
    try {
      await restoreBackup(
        dir,
        { dataDir, databaseUrl: server.url },
        {
          uploads: false,
          onProgress: ({ stage, done, total }) => {
            if (stage === 'search') searchStarted ??= performance.now();
            if (performance.now() - lastLogged > 30_000) {
              lastLogged = performance.now();
              log(`PostgreSQL: ${stage} ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`);
            }
          },
        },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const restored = performance.now();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query('vacuum (analyze)');
    } finally {
      await client.end();
    }
    const seconds = {
      backup,
      rows: Math.round(((searchStarted ?? restored) - restoring) / 100) / 10,
      search: searchStarted === undefined ? 0 : Math.round((restored - searchStarted) / 100) / 10,
      vacuum: since(restored),
      total: since(started),
    };
    log(`PostgreSQL: loaded in ${seconds.total} s`);
    return {
      url: server.url,
      seconds,
      cpuMs: await postgresCpu(server.url),
      stop: server.stop,
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** How much CPU time a PostgreSQL server and all its connections' processes have used so far, in
 * ms (Linux /proc). */
export async function postgresCpu(url: string): Promise<() => number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // A connection's process is a child of the server's main process.
    const postmaster = parentPid(Number(rows[0]?.pid));
    return () => (postmaster === undefined ? undefined : processTreeCpuMs(postmaster));
  } finally {
    await client.end();
  }
}
