import type { WriteTracker } from '#server/db/write-tracker.ts';
import { LIST_CACHE_TTL_MS } from '#server/cache/list-cache.ts';

// What a member's fill-in of a shared page reads (pages.ts): their unread count, their likes among
// a page's items. Each is kept until its table is written, on this app server or another
// (db/shared-writes.ts), so a member reading page after page costs no query until something
// changes; an entry also expires like list-cache.ts's, which bounds a missed announcement. Kept
// apart from list-cache.ts so that many members do not push out the lists' totals.

interface Entry<T> {
  version: number;
  at: number;
  value: Promise<T>;
}

/** Reads of one table by key, `max` kept (the oldest go first). */
export function readsOfTable<T>(tracker: WriteTracker, table: string, max: number) {
  const entries = new Map<string, Entry<T>>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const version = tracker.version(table);
    const hit = entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < LIST_CACHE_TTL_MS) return hit.value;
    const value = compute();
    // A failed read is not remembered.
    value.catch(() => entries.delete(key));
    entries.delete(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, { version, at: Date.now(), value });
    return value;
  };
}
