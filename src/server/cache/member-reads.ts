import type { WriteTracker } from '#server/db/write-tracker.ts';
import { LIST_CACHE_TTL_MS } from '#server/cache/list-cache.ts';

// What a member's requests read over and over: who their token stands for, their unread count,
// their likes among a page's items, their whole fill-in of a shared page (pages/member-fill.ts).
// Each is kept until one of the tables it comes from is written, on this app server or another
// (db/shared-writes.ts), so a member reading page after page costs no query until something
// changes; an entry also expires like list-cache.ts's, which bounds a missed announcement. Kept
// apart from list-cache.ts so that many members do not push out the lists' totals.

interface Entry<T> {
  versions: number[];
  at: number;
  value: Promise<T>;
}

/** Reads of `tables` by key, `max` kept (the oldest go first). */
export function readsOfTables<T>(tracker: WriteTracker, tables: readonly string[], max: number) {
  const entries = new Map<string, Entry<T>>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const versions = tables.map((table) => tracker.version(table));
    const hit = entries.get(key);
    if (hit && versions.every((v, i) => hit.versions[i] === v) && Date.now() - hit.at < LIST_CACHE_TTL_MS) return hit.value;
    const value = compute();
    // A failed read is not remembered.
    value.catch(() => entries.delete(key));
    entries.delete(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, { versions, at: Date.now(), value });
    return value;
  };
}
