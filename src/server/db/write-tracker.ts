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
// `count` column it raises would otherwise end every cached page on every first visit. The epoch
// moves when a write starts, when it has run, and when a transaction commits, so a page read
// while a write was under way is never taken for the state after it. A member's notifications
// and their e-mail choices are on no visitor's page either: reading them must not end the cache.
const UNSEEN_TABLES = new Set(['views', 'notifications', 'notification_settings']);
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

export class WriteTracker implements KyselyPlugin {
  private readonly versions = new Map<string, number>();
  /** What each write under way touches, to be counted again once it has run. */
  private readonly running = new WeakMap<QueryId, { tables: string[]; seen: boolean }>();
  #epoch = 0;

  version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  /** Moves on every write a page could show (see above). */
  get epoch(): number {
    return this.#epoch;
  }

  /** Called by the tracked driver after a commit. */
  committed(): void {
    this.#epoch++;
  }

  private bump(write: { tables: string[]; seen: boolean }): void {
    for (const table of write.tables) this.versions.set(table, this.version(table) + 1);
    if (write.seen) this.#epoch++;
  }

  /** Versions and the epoch move when a write starts and again when it has run, so a read that
   * overlapped it is never remembered as the state after it. */
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    let write: { tables: string[]; seen: boolean } | undefined;
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
      this.bump(write);
      this.running.set(args.queryId, write);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.running.get(args.queryId);
    if (write) this.bump(write);
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
