import { AsyncLocalStorage } from 'node:async_hooks';
import {
  DeleteQueryNode,
  InsertQueryNode,
  UpdateQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyPlugin,
  type QueryId,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type WithNode,
} from 'kysely';

// Counts writes per table, so that cached list answers (counts, page anchors) know when they are
// stale. Every insert, update and delete goes through Kysely, so a plugin sees them all. An update
// that only moves counters (views, likes, comments) changes no list's membership or id order and
// is not counted.

const COUNTER_COLUMNS = new Set(['count', 'like', 'comment']);

// The epoch is for whole pages (pages/page-cache.ts): any write a visitor could see on some page
// moves it, likes and comments included. Only view counting does not: its visit log and the
// `count` column it raises would otherwise end every cached page on every first visit; and the
// tables no page shows (sessions: every login would end every stored page; codes, mail, the
// schedules' claims of db/schedule.ts). Their versions still move for the caches keyed to them
// (a session ended). The epoch
// moves when a write starts, when it has run, and when a transaction in which such a write ran
// commits, so a page read while a write was under way is never taken for the state after it. A member's notifications,
// e-mail choices and keyword alerts are on no visitor's page either, nor private messages, nor
// their browsers' push subscriptions and choices, nor what the scam checks read (admins' phrases,
// listing photos' hashes) or note (the cautions a listing earned: admins' screens only), nor the
// push keys' heartbeat, which every server writes every 30 s.
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
  'conversations',
  'conversation_members',
  'messages',
  'blocks',
  'push_subscriptions',
  'push_settings',
  'push_servers',
  'scam_phrase',
  'photo_band',
  'listing_warning',
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

/** What a statement writes: an insert, update or delete, and those in its WITH (a select or a
 * write whose common table expressions write, as PostgreSQL allows). */
function writeOf(node: OperationNode): Written | undefined {
  const seen = (table: string | undefined, columns?: (string | undefined)[]) =>
    !(table && UNSEEN_TABLES.has(table)) && !columns?.every((c) => UNSEEN_COLUMNS.has(c ?? ''));
  let write: Written | undefined;
  if (InsertQueryNode.is(node)) {
    const table = tableName(node.into);
    write = { tables: table ? [table] : [], seen: seen(table) };
  } else if (DeleteQueryNode.is(node)) {
    const tables = node.from.froms.map(tableName).filter((t) => t !== undefined);
    write = { tables, seen: tables.some((t) => seen(t)) };
  } else if (UpdateQueryNode.is(node)) {
    const table = tableName(node.table);
    const columns = (node.updates ?? []).map((u) => columnName(u.column));
    const listed = table && !columns.every((c) => COUNTER_COLUMNS.has(c ?? ''));
    write = { tables: listed ? [table] : [], seen: seen(table, columns) };
  }
  const ctes = (node as { with?: WithNode }).with?.expressions ?? [];
  for (const cte of ctes) {
    const inner = writeOf(cte.expression);
    if (!inner) continue;
    write = write ? { tables: [...new Set([...write.tables, ...inner.tables])], seen: write.seen || inner.seen } : inner;
  }
  return write;
}

/** Whose rows a write wrote, by table: `{ likes: [5] }` is member 5's likes alone. */
export type MemberRows = Record<string, number[]>;

/** What a write touched: the tables whose lists it may change, whether any page could show it
 * (the epoch), or, for a write made inside `writesShowOnly`, the keys of what it changed; for a
 * write made inside `writesOfMembers`, whose rows of its tables it wrote (a table it wrote that
 * is not named there was written for every member). */
export interface Written {
  tables: string[];
  seen: boolean;
  touched?: string[];
  members?: MemberRows;
}

/** Writes made inside `writesShowOnly` (a like, a comment): their keys, for the tracker to read. */
const scopes = new AsyncLocalStorage<string[]>();
/** Writes made inside `writesOfMembers`: whose rows they write. */
const memberScopes = new AsyncLocalStorage<MemberRows>();

/** Runs `work` as a write that changes only what `keys` name: `<table>:<id>` for an item (its
 * detail page and every list row that shows it) and `<table>.<column>` for lists ordered by that
 * column. Pages that say what they show (`untouchedSince`) stay valid through it; everything else
 * is renewed as after any write. A write that does not say so ends every stored page. */
export function writesShowOnly<T>(keys: string[], work: () => Promise<T>): Promise<T> {
  return scopes.run(keys, work);
}

/** A key may be one part of a wider one (`search/3~k1`, one bucket of a search section's pages):
 * a page that shows any of the parts names the wider key too, so a write may name the wider key
 * instead of its parts when they are too many to pass on (shared-writes.ts). */
const PART = '~';

/** The key of one part of `whole`. */
export function partKey(whole: string, part: string): string {
  return `${whole}${PART}${part}`;
}

/** The same keys, fewer: each part becomes its whole. */
export function wholeKeys(keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => (key.includes(PART) ? key.slice(0, key.indexOf(PART)) : key)))];
}

/** Runs `work` as writes of these members' own rows only, by table (a like of member 5 is
 * `{ likes: [5] }`): what is kept per member of those tables (db/table-reads.ts: who a token
 * stands for, a member's bell, likes, reports and fill-in of a page) ends for those members
 * alone. A write of another table inside it, or of a table outside any such scope, ends every
 * member's reads of that table. */
export function writesOfMembers<T>(members: MemberRows, work: () => Promise<T>): Promise<T> {
  return memberScopes.run(members, work);
}

/** Writes gathered into one (announced together, or reported again at a commit): a table that
 * any of them wrote for every member is written for every member. */
export class Writes {
  private readonly tables = new Set<string>();
  private seen = false;
  private readonly touched = new Set<string>();
  private readonly members = new Map<string, Set<number>>();
  private readonly forAll = new Set<string>();

  add(write: Written): void {
    this.seen ||= write.seen;
    for (const key of write.touched ?? []) this.touched.add(key);
    for (const table of write.tables) {
      this.tables.add(table);
      const ids = write.members?.[table];
      if (!ids) this.forAll.add(table);
      else {
        const of = this.members.get(table) ?? new Set();
        for (const id of ids) of.add(id);
        this.members.set(table, of);
      }
    }
  }

  /** All of them as one write, or undefined when none changed anything. */
  written(): Written | undefined {
    if (this.tables.size === 0 && !this.seen && this.touched.size === 0) return undefined;
    const named = [...this.members].filter(([table]) => !this.forAll.has(table));
    return {
      tables: [...this.tables],
      seen: this.seen,
      ...(this.touched.size > 0 && { touched: [...this.touched] }),
      ...(named.length > 0 && { members: Object.fromEntries(named.map(([table, ids]) => [table, [...ids]])) }),
    };
  }
}

/** What the tracker hears besides this server's writes: another server's write, or whether
 * other servers' writes can be heard (after a spell of not hearing, anything may have changed). */
export type Heard = { write: Written } | { blind: boolean };

/** Whoever listens to one kind of report, in the order they started; `add` answers how to stop. */
export class Listeners<T> {
  private readonly all = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.all.add(listener);
    return () => {
      this.all.delete(listener);
    };
  }

  get size(): number {
    return this.all.size;
  }

  tell(value: T): void {
    for (const listener of this.all) listener(value);
  }
}

/** Past this many touched keys the record starts over, ending every stored page once. */
const MAX_TOUCHED = 100_000;
/** Past this many members' keys their record starts over, ending every member's reads once. */
const MAX_MEMBER_KEYS = 100_000;
/** A write of more members' rows than this at once (a keyword told to thousands) is taken as a
 * write for every member: one miss each costs less than remembering each of them. */
const MAX_NAMED_MEMBERS = 1000;

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
   * (db/shared-writes.ts passes them on to the other app servers, pages/render-thread.ts to the
   * render threads, modules/live to the members' open streams). */
  readonly onWrite = new Listeners<Written>();
  /** Told of what the tracker hears besides this server's writes: another server's write, or that
   * writes can or cannot be heard (pages/render-thread.ts passes them on to the render threads,
   * whose caches are kept as another server's; modules/live reads the members' streams again). */
  readonly onHeard = new Listeners<Heard>();
  /** What was written since the last commit: a commit reports it again, as what it made visible. */
  private sinceCommit = new Writes();
  /** Per table, writes of it for every member; and per member's table (`likes:5`), the value of
   * `#memberWrites` at its last write, or `#memberFloor` since the record last started over. */
  private readonly wide = new Map<string, number>();
  private readonly memberAt = new Map<string, number>();
  #memberWrites = 0;
  #memberFloor = 0;
  /** Transactions begun and not yet ended, and whether a write a page could show ran while any was
   * open: only then does a commit move the epoch (on PostgreSQL, view counting commits every
   * moment, and would otherwise end every stored page each time). Cleared only once none is open,
   * so that another transaction's commit cannot take the mark before the one that wrote commits. */
  #open = 0;
  #seenWhileOpen = false;

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

  /** What one member's reads of `table` are as of: it moves on every write of their rows of it
   * and on every write of the table for everyone (and with the generation), never on another
   * member's. */
  memberVersion(table: string, member: number): number {
    if (this.#blind) this.#generation++;
    const own = this.memberAt.get(`${table}:${member}`) ?? this.#memberFloor;
    return (this.wide.get(table) ?? 0) + own + this.#generation;
  }

  /** True when no write since `touches` (a value of the getter) changed what `keys` name. */
  untouchedSince(keys: readonly string[], touches: number): boolean {
    for (const key of keys) if ((this.touchedAt.get(key) ?? 0) + this.#generation > touches) return false;
    return true;
  }

  /** Called by the tracked driver when a transaction begins. */
  began(): void {
    this.#open++;
  }

  /** Called by the tracked driver after a rollback: what it wrote was never seen. */
  rolledBack(): void {
    this.ended();
  }

  private ended(): void {
    this.#open = Math.max(0, this.#open - 1);
    if (this.#open === 0) this.#seenWhileOpen = false;
  }

  /** Called by the tracked driver after a commit. */
  committed(): void {
    const scope = scopes.getStore();
    if (scope) this.touch(scope);
    else if (this.#seenWhileOpen) this.#epoch++;
    this.ended();
    const since = this.sinceCommit.written();
    this.sinceCommit = new Writes();
    if (since) {
      // What a member read while the transaction was open was from before it (gathered where it
      // can be: on PostgreSQL, whose other connections read only what was committed).
      this.moveMembers(since);
      this.onWrite.tell(since);
    }
  }

  /** Another app server's write (shared-writes.ts): the same as one of ours, without reporting it back. */
  remote(write: Written): void {
    for (const table of write.tables) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    if (write.seen) this.#epoch++;
    if (write.touched) this.touch(write.touched);
    this.moveMembers(write);
    this.onHeard.tell({ write });
  }

  /** While other servers' writes cannot be heard, nothing cached can be trusted: every version
   * and epoch read is new, so every cache misses. Hearing again ends every earlier entry too. */
  setBlind(blind: boolean): void {
    this.#blind = blind;
    this.#generation++;
    this.onHeard.tell({ blind });
  }

  /** Whether other servers' writes cannot be heard now. */
  get blind(): boolean {
    return this.#blind;
  }

  private touch(keys: readonly string[]): void {
    if (this.touchedAt.size > MAX_TOUCHED) {
      this.touchedAt.clear();
      this.#generation++;
    }
    this.#touches++;
    for (const key of keys) this.touchedAt.set(key, this.#touches);
  }

  /** A write's mark on its members' versions, or on its tables' for every member. */
  private moveMembers(write: Written): void {
    const at = ++this.#memberWrites;
    for (const table of write.tables) {
      const ids = write.members?.[table];
      if (!ids) {
        this.wide.set(table, (this.wide.get(table) ?? 0) + 1);
        continue;
      }
      if (this.memberAt.size + ids.length > MAX_MEMBER_KEYS) {
        this.memberAt.clear();
        this.#memberFloor = at;
      }
      for (const id of ids) this.memberAt.set(`${table}:${id}`, at);
    }
  }

  /** A write's mark on the versions and on the epoch, or on the keys of its scope. */
  private bump(write: Written): void {
    for (const table of write.tables) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    if (write.touched) this.touch(write.touched);
    else if (write.seen) {
      this.#epoch++;
      if (this.#open > 0) this.#seenWhileOpen = true;
    }
    this.moveMembers(write);
  }

  /** Versions and the epoch move when a write starts and again when it has run, so a read that
   * overlapped it is never remembered as the state after it. */
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    let write = writeOf(node);
    if (write) {
      const members = memberScopes.getStore();
      const named = members
        ? write.tables.flatMap((table) => {
            const ids = members[table];
            return ids && ids.length <= MAX_NAMED_MEMBERS ? [[table, ids] as const] : [];
          })
        : [];
      if (named.length > 0) write.members = Object.fromEntries(named);
      const scope = scopes.getStore();
      if (scope && write.seen) write = { ...write, seen: false, touched: scope };
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
      if (this.onWrite.size > 0 && (write.tables.length > 0 || write.seen || write.touched)) {
        this.sinceCommit.add(write);
        this.onWrite.tell(write);
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
  async beginTransaction(connection: DatabaseConnection, settings: Parameters<Driver['beginTransaction']>[1]): Promise<void> {
    // Counted before it is asked for: a failed begin is rolled back (and counted out) too.
    this.tracker.began();
    await this.inner.beginTransaction(connection, settings);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.commitTransaction(connection);
    this.tracker.committed();
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.rollbackTransaction(connection);
    this.tracker.rolledBack();
  }
  releaseConnection = (c: DatabaseConnection) => this.inner.releaseConnection(c);
  destroy = () => this.inner.destroy();
}
