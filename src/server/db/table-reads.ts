import type { WriteTracker } from '#server/db/write-tracker.ts';

// Reads kept until a write touches what they come from, on this app server or another
// (db/shared-writes.ts), as the write tracker's versions tell:
// - `cachedByTable`: answers that cost a scan of every matching row (a list's total, the anchors
//   of deep pages) and reads every request repeats (a session's user), until their table is
//   written;
// - `readsOfMember`: what a member's requests read over and over (who their token stands for,
//   their unread count, their likes among a page's items, their whole fill-in of a shared page,
//   pages/member-fill.ts), until that member's rows of a table they come from are written or the
//   table is written for everyone (write-tracker.ts `writesOfMembers`): a member reading page
//   after page costs no query until something of theirs changes, however much others write.
// Both keep their entries in `keptReads`. An entry also expires after a while, which bounds what a
// missed announcement could cost. They live beside the write tracker whose versions they read, so
// that the list queries (list-query.ts), repositories, services and pages use them from below the
// page caches of cache/ and pages/.

export const LIST_CACHE_TTL_MS = 30_000;
/** Table reads kept per tracker; each readsOfMember keeps its own, so that many members do not
 * push out the lists' totals. */
const MAX_TABLE_READS = 2000;

interface Entry<T> {
  versions: readonly number[];
  at: number;
  value: Promise<T>;
}

/** Reads by key, each kept while the versions it was read at still hold and for
 * LIST_CACHE_TTL_MS at most, `max` of them (the oldest go first). A failed read is not kept. */
function keptReads<T>(max: number) {
  const entries = new Map<string, Entry<T>>();
  return (key: string, versions: readonly number[], compute: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && versions.every((v, i) => hit.versions[i] === v) && Date.now() - hit.at < LIST_CACHE_TTL_MS) return hit.value;
    const value = compute();
    value.catch(() => entries.delete(key));
    entries.delete(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, { versions, at: Date.now(), value });
    return value;
  };
}

const tableReads = new WeakMap<WriteTracker, ReturnType<typeof keptReads<unknown>>>();

/** A read of `table` by key, kept until the table is written. */
export function cachedByTable<T>(tracker: WriteTracker, table: string, key: string, compute: () => Promise<T>): Promise<T> {
  let reads = tableReads.get(tracker);
  if (!reads) {
    reads = keptReads<unknown>(MAX_TABLE_READS);
    tableReads.set(tracker, reads);
  }
  return reads(`${table}\u0000${key}`, [tracker.version(table)], compute) as Promise<T>;
}

/** One member's reads of `tables` by key (a key is one member's: it names them or their token),
 * `max` kept (the oldest go first). */
export function readsOfMember<T>(tracker: WriteTracker, tables: readonly string[], max: number) {
  const reads = keptReads<T>(max);
  return (member: number, key: string, compute: () => Promise<T>): Promise<T> =>
    reads(
      key,
      tables.map((table) => tracker.memberVersion(table, member)),
      compute,
    );
}
