import type { WriteTracker } from '#server/db/write-tracker.ts';

// Answers that cost a scan of every matching row (a list's total, the anchors of deep pages) and
// reads every request repeats (a session's user) are kept until a write touches their table, on
// this app server or another (db/shared-writes.ts). An entry also expires after a while, which
// bounds what a missed announcement could cost. It lives beside the write tracker whose table
// versions it reads, so that the list queries (list-query.ts) and repositories use it from below
// the page caches of cache/ and pages/.

export const LIST_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 2000;

interface Entry {
  version: number;
  at: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<WriteTracker, Map<string, Entry>>();

export function cachedByTable<T>(tracker: WriteTracker, table: string, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(tracker);
  if (!cache) {
    cache = new Map();
    caches.set(tracker, cache);
  }
  const fullKey = `${table}\u0000${key}`;
  const version = tracker.version(table);
  const hit = cache.get(fullKey);
  if (hit && hit.version === version && Date.now() - hit.at < LIST_CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = compute();
  // A failed computation is not remembered.
  value.catch(() => cache.delete(fullKey));
  cache.delete(fullKey);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(fullKey, { version, at: Date.now(), value });
  return value;
}
