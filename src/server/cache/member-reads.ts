import type { WriteTracker } from '#server/db/write-tracker.ts';
import { LIST_CACHE_TTL_MS } from '#server/db/table-reads.ts';

// What a member's requests read over and over: who their token stands for, their unread count,
// their likes among a page's items, their whole fill-in of a shared page (pages/member-fill.ts).
// Each is kept until that member's rows of one of the tables it comes from are written, or the
// table is written for everyone (db/write-tracker.ts `writesOfMembers`), on this app server or
// another (db/shared-writes.ts): a member reading page after page costs no query until something
// of theirs changes, however much others write. An entry also expires like db/table-reads.ts's, which
// bounds a missed announcement. Kept apart from table-reads.ts so that many members do not push
// out the lists' totals.

interface Entry<T> {
  versions: number[];
  at: number;
  value: Promise<T>;
}

/** One member's reads of `tables` by key (a key is one member's: it names them or their token),
 * `max` kept (the oldest go first). */
export function readsOfMember<T>(tracker: WriteTracker, tables: readonly string[], max: number) {
  const entries = new Map<string, Entry<T>>();
  return (member: number, key: string, compute: () => Promise<T>): Promise<T> => {
    const versions = tables.map((table) => tracker.memberVersion(table, member));
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
