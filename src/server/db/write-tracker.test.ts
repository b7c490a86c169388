import { describe, expect, test } from 'vitest';
import { createQueryId, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { trackCommits, WriteTracker, Writes } from './write-tracker.ts';

// What a member's kept reads are as of (db/table-reads.ts): another server's writes, gathered
// into one announcement (shared-writes.ts), move them for the members they name, and for every
// member when any of the gathered writes named none.

describe('members’ versions', () => {
  test('a write of member 1’s likes moves member 1’s alone; a write of the table for everyone moves all', () => {
    const tracker = new WriteTracker();
    const [one, two] = [tracker.memberVersion('likes', 1), tracker.memberVersion('likes', 2)];
    tracker.remote({ tables: ['likes'], seen: false, members: { likes: [1] } });
    expect(tracker.memberVersion('likes', 1)).not.toBe(one);
    expect(tracker.memberVersion('likes', 2)).toBe(two);
    const users = tracker.memberVersion('users', 2);
    tracker.remote({ tables: ['users'], seen: true });
    expect(tracker.memberVersion('users', 2)).not.toBe(users);
  });

  test('gathered writes: one that named no members makes the whole write for everyone', () => {
    const writes = new Writes();
    writes.add({ tables: ['sessions'], seen: false, members: { sessions: [1] } });
    writes.add({ tables: ['sessions', 'notifications'], seen: false, members: { notifications: [2] } });
    writes.add({ tables: ['notifications'], seen: false, members: { notifications: [3] } });
    expect(writes.written()).toEqual({ tables: ['sessions', 'notifications'], seen: false, members: { notifications: [2, 3] } });
  });

  test('while other servers cannot be heard, no member’s version stays the same', () => {
    const tracker = new WriteTracker();
    tracker.setBlind(true);
    expect(tracker.memberVersion('sessions', 1)).not.toBe(tracker.memberVersion('sessions', 1));
    tracker.setBlind(false);
    expect(tracker.memberVersion('sessions', 1)).toBe(tracker.memberVersion('sessions', 1));
  });
});

describe('what a statement writes', () => {
  // Compiled only: the plugin reads the statement's tree before any database sees it.
  const db = new Kysely<{ messages: { id: number; content: string }; conversations: { id: number; last: number } }>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (inner) => new PostgresIntrospector(inner),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  test('a select whose WITH inserts and updates is a write of both tables', () => {
    const tracker = new WriteTracker();
    const before = [tracker.version('messages'), tracker.version('conversations')];
    const node = db
      .with('added', (qb) => qb.insertInto('messages').values({ id: 1, content: '안녕하세요' }).returning('id'))
      .with('moved', (qb) => qb.updateTable('conversations').set((eb) => ({ last: eb.selectFrom('added').select('id') })))
      .selectFrom('added')
      .select('id')
      .toOperationNode();
    tracker.transformQuery({ node, queryId: createQueryId() });
    expect([tracker.version('messages'), tracker.version('conversations')]).toEqual(before.map((v) => v + 1));
  });

  test('a plain select writes nothing', () => {
    const tracker = new WriteTracker();
    const before = tracker.version('messages');
    tracker.transformQuery({ node: db.selectFrom('messages').select('id').toOperationNode(), queryId: createQueryId() });
    expect(tracker.version('messages')).toBe(before);
  });
});

describe('commits and the epoch (stored pages)', () => {
  // Transactions through the tracked driver, as the server's database runs them; the statements
  // reach no database (DummyDriver), the tracker sees them and the commits.
  const tracked = () => {
    const tracker = new WriteTracker();
    const dialect = trackCommits(
      {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (inner) => new PostgresIntrospector(inner),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      tracker,
    );
    const db = new Kysely<{ views: { item: number }; board: { id: number; title: string }; push_servers: { public_key: string } }>({
      dialect,
      plugins: [tracker],
    });
    return { tracker, db };
  };

  test('counting views in a transaction leaves every stored page as it was', async () => {
    const { tracker, db } = tracked();
    const before = tracker.epoch;
    await db.transaction().execute((trx) => trx.insertInto('views').values({ item: 1 }).execute());
    expect(tracker.epoch).toBe(before);
  });

  test('the push keys’ heartbeat, which every server writes every 30 s, leaves them too', async () => {
    const { tracker, db } = tracked();
    const before = tracker.epoch;
    await db.insertInto('push_servers').values({ public_key: 'BKey' }).execute();
    expect(tracker.epoch).toBe(before);
  });

  test('a transaction that writes what a page shows moves the epoch when it commits', async () => {
    const { tracker, db } = tracked();
    let written = 0;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('board').set({ title: '새 제목' }).where('id', '=', 1).execute();
      written = tracker.epoch;
    });
    expect(tracker.epoch).toBeGreaterThan(written);
  });

  test('another transaction’s commit in between does not take the mark of one still open', async () => {
    const { tracker, db } = tracked();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = 0;
    const open = db.transaction().execute(async (trx) => {
      await trx.updateTable('board').set({ title: '새 제목' }).where('id', '=', 1).execute();
      written = tracker.epoch;
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await db.transaction().execute((trx) => trx.insertInto('views').values({ item: 1 }).execute());
    const between = tracker.epoch;
    expect(between).toBeGreaterThanOrEqual(written);
    release();
    await open;
    expect(tracker.epoch).toBeGreaterThan(between);
  });
});
