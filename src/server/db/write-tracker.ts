import {
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

// Counts writes per table, so that cached list answers (counts, page anchors) know when they are
// stale. Every insert, update and delete goes through Kysely, so a plugin sees them all. An update
// that only moves counters (views, likes, comments) changes no list's membership or id order and
// is not counted.

const COUNTER_COLUMNS = new Set(['count', 'like', 'comment']);

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

  version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  private bump(table: string | undefined): void {
    if (table) this.versions.set(table, this.version(table) + 1);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'InsertQueryNode') this.bump(tableName(node.into));
    else if (node.kind === 'DeleteQueryNode') for (const t of node.from.froms) this.bump(tableName(t));
    else if (node.kind === 'UpdateQueryNode') {
      const onlyCounters = (node.updates ?? []).every((u) => COUNTER_COLUMNS.has(columnName(u.column) ?? ''));
      if (!onlyCounters) this.bump(tableName(node.table));
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const trackers = new WeakMap<object, WriteTracker>();

export function registerTracker(db: object, tracker: WriteTracker): void {
  trackers.set(db, tracker);
}

/** The tracker of a database handle; undefined inside a transaction (no caching there). */
export function trackerOf(db: object): WriteTracker | undefined {
  return trackers.get(db);
}
