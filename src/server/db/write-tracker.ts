import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  DatabaseConnection,
  Dialect,
  Driver,
  KyselyPlugin,
  QueryId,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

// Counts writes per table, so that cached list answers (counts, page anchors) know when they are
// stale. Every insert, update and delete goes through Kysely, so a plugin sees them all. An update
// that only moves counters (views, likes, comments) changes no list's membership or id order and
// is not counted.

const COUNTER_COLUMNS = new Set(['count', 'like', 'comment']);

// The epoch is for whole pages (cache/page-cache.ts): any write a visitor could see on some page
// moves it, likes and comments included. Only view counting does not: its visit log and the
// `count` column it raises would otherwise end every cached page on every first visit; and the
// tables no page shows (sessions: every login would end every stored page; codes, mail, the
// schedules' claims of db/schedule.ts). Their versions still move for the caches keyed to them
// (a session ended). The epoch
// moves when a write starts, when it has run, and when a transaction commits, so a page read
// while a write was under way is never taken for the state after it. A member's notifications,
// e-mail choices and keyword alerts are on no visitor's page either.
const UNSEEN_TABLES = new Set([
  'views',
  'schedules',
  'sessions',
  'verifications',
  'mails',
  'notifications',
  'notification_settings',
  'alerts',
  'alert_words',
  'alert_cursor',
  'alert_digest',
]);
const UNSEEN_COLUMNS = new Set(['count']);

function tableName(node: OperationNode | undefined): string | undefined {
  // TableNode { table: SchemaableIdentifierNode { identifier: IdentifierNode { name } } }
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } } | undefined;
  return n?.kind === 'TableNode' ? n.table?.identifier?.name : undefined;
}

function columnName(node: OperationNode): string | undefined {
  const n = node as { kind?: string; column?: { name?: string } };
  return n.kind === 'ColumnNode' ? n.column?.name : undefined;
}

/** What a write touched: the tables whose lists it may change, whether any page could show it
 * (the epoch), or, for a write made inside `writesShowOnly`, the keys of what it changed. */
export interface Written {
  tables: string[];
  seen: boolean;
  touched?: string[];
}

/** Writes made inside `writesShowOnly` (a like, a comment): their keys, for the tracker to read. */
const scopes = new AsyncLocalStorage<string[]>();

/** Runs `work` as a write that changes only what `keys` name: `<table>:<id>` for an item (its
 * detail page and every list row that shows it) and `<table>.<column>` for lists ordered by that
 * column. Pages that say what they show (`untouchedSince`) stay valid through it; everything else
 * is renewed as after any write. A write that does not say so ends every stored page. */
export function writesShowOnly<T>(keys: string[], work: () => Promise<T>): Promise<T> {
  return scopes.run(keys, work);
}

/** Past this many touched keys the record starts over, ending every stored page once. */
const MAX_TOUCHED = 100_000;

export class WriteTracker implements KyselyPlugin {
  private readonly versions = new Map<string, number>();
  /** What each write under way touches, to be counted again once it has run. */
  private readonly running = new WeakMap<QueryId, Written>();
  #epoch = 0;
  /** Moves on every write made inside `writesShowOnly`; `touchedAt` holds its value at each key's last. */
  #touches = 0;
  private readonly touchedAt = new Map<string, number>();
  /** Added to every version, the epoch and the touches. It moves when writes may have been missed
   * (another server's, while the channel that reports them was down), which ends every cached
   * answer, including those for tables this server never wrote. */
  #generation = 0;
  #blind = false;
  /** Told of this server's own writes once they have run and once their transaction commits
   * (db/shared-writes.ts passes them on to the other app servers). */
  onWrite: ((write: Written) => void) | undefined;
  /** What was written since the last commit: a commit reports it again, as what it made visible. */
  private sinceCommit: { tables: Set<string>; seen: boolean; touched: Set<string> } = {
    tables: new Set(),
    seen: false,
    touched: new Set(),
  };

  version(table: string): number {
    if (this.#blind) this.#generation++;
    return (this.versions.get(table) ?? 0) + this.#generation;
  }

  /** Moves on every write a page could show (see above), except those that say what they change. */
  get epoch(): number {
    if (this.#blind) this.#generation++;
    return this.#epoch + this.#generation;
  }

  /** Moves on every write that says what it changes: answers that do not say what they show
   * compare it whole. */
  get touches(): number {
    if (this.#blind) this.#generation++;
    return this.#touches + this.#generation;
  }

  /** True when no write since `touches` (a value of the getter) changed what `keys` name. */
  untouchedSince(keys: readonly string[], touches: number): boolean {
    for (const key of keys) if ((this.touchedAt.get(key) ?? 0) + this.#generation > touches) return false;
    return true;
  }

  /** Called by the tracked driver after a commit. */
  committed(): void {
    const scope = scopes.getStore();
    if (scope) this.touch(scope);
    else this.#epoch++;
    const since = this.sinceCommit;
    this.sinceCommit = { tables: new Set(), seen: false, touched: new Set() };
    if (since.tables.size > 0 || since.seen || since.touched.size > 0) {
      this.onWrite?.({ tables: [...since.tables], seen: since.seen, ...(since.touched.size > 0 && { touched: [...since.touched] }) });
    }
  }

  /** Another app server's write (shared-writes.ts): the same as one of ours, without reporting it back. */
  remote(write: Written): void {
    for (const table of write.tables) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    if (write.seen) this.#epoch++;
    if (write.touched) this.touch(write.touched);
  }

  /** While other servers' writes cannot be heard, nothing cached can be trusted: every version
   * and epoch read is new, so every cache misses. Hearing again ends every earlier entry too. */
  setBlind(blind: boolean): void {
    this.#blind = blind;
    this.#generation++;
  }

  private touch(keys: readonly string[]): void {
    if (this.touchedAt.size > MAX_TOUCHED) {
      this.touchedAt.clear();
      this.#generation++;
    }
    this.#touches++;
    for (const key of keys) this.touchedAt.set(key, this.#touches);
  }

  /** A write's mark on the versions and on the epoch, or on the keys of its scope. */
  private bump(write: Written): void {
    for (const table of write.tables) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    if (write.touched) this.touch(write.touched);
    else if (write.seen) this.#epoch++;
  }

  /** Versions and the epoch move when a write starts and again when it has run, so a read that
   * overlapped it is never remembered as the state after it. */
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    let write: Written | undefined;
    const seen = (table: string | undefined, columns?: (string | undefined)[]) =>
      !(table && UNSEEN_TABLES.has(table)) && !columns?.every((c) => UNSEEN_COLUMNS.has(c ?? ''));
    if (node.kind === 'InsertQueryNode') {
      const table = tableName(node.into);
      write = { tables: table ? [table] : [], seen: seen(table) };
    } else if (node.kind === 'DeleteQueryNode') {
      const tables = node.from.froms.map(tableName).filter((t) => t !== undefined);
      write = { tables, seen: tables.some((t) => seen(t)) };
    } else if (node.kind === 'UpdateQueryNode') {
      const table = tableName(node.table);
      const columns = (node.updates ?? []).map((u) => columnName(u.column));
      const listed = table && !columns.every((c) => COUNTER_COLUMNS.has(c ?? ''));
      write = { tables: listed ? [table] : [], seen: seen(table, columns) };
    }
    if (write) {
      const scope = scopes.getStore();
      if (scope && write.seen) write = { tables: write.tables, seen: false, touched: scope };
      this.bump(write);
      this.running.set(args.queryId, write);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.running.get(args.queryId);
    if (write) {
      this.bump(write);
      // Outside a transaction the write is now committed; inside one, the commit reports it again.
      if (this.onWrite && (write.tables.length > 0 || write.seen || write.touched)) {
        for (const table of write.tables) this.sinceCommit.tables.add(table);
        this.sinceCommit.seen ||= write.seen;
        for (const key of write.touched ?? []) this.sinceCommit.touched.add(key);
        this.onWrite(write);
      }
    }
    return args.result;
  }
}

/** The dialect with its commits reported to `tracker` (the plugin sees statements, not commits). */
export function trackCommits(dialect: Dialect, tracker: WriteTracker): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new CommitReportingDriver(dialect.createDriver(), tracker),
  };
}

class CommitReportingDriver implements Driver {
  private readonly inner: Driver;
  private readonly tracker: WriteTracker;
  constructor(inner: Driver, tracker: WriteTracker) {
    this.inner = inner;
    this.tracker = tracker;
    // Savepoints are optional in a driver: offer them only where the database driver does.
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];
  init = () => this.inner.init();
  acquireConnection = () => this.inner.acquireConnection();
  beginTransaction: Driver['beginTransaction'] = (c, settings) => this.inner.beginTransaction(c, settings);
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.commitTransaction(connection);
    this.tracker.committed();
  }
  rollbackTransaction = (c: DatabaseConnection) => this.inner.rollbackTransaction(c);
  releaseConnection = (c: DatabaseConnection) => this.inner.releaseConnection(c);
  destroy = () => this.inner.destroy();
}
