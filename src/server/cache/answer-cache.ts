import type { WriteTracker } from '#server/db/write-tracker.ts';
import { onlyCounts } from './shows.ts';

// Answers for visitors without a session, kept while nothing they show can have changed: an
// entry belongs to the database's write epoch (db/write-tracker.ts: every post, edit, like,
// comment and hide moves it) and holds until the clock changes what it shows (business hours,
// D-days and "today"): by default the end of the minute it was made in, or an instant its maker
// gives (pages: page-cache.ts `storedUntil`). So a write shows up at once for everyone; only view
// counts, written in batches anyway, may read up to a minute old. Writes made by another app
// server move the tracker too (db/shared-writes.ts). Least recently used entries go first once
// the cache holds `maxBytes`.

interface Entry<T> extends CacheStamp {
  /** The instant (Date.now()) from which it no longer holds, writes or not. */
  until: number;
  /** The keys of what the answer shows (write-tracker.ts `writesShowOnly`), when it said so. */
  shows?: readonly string[];
  /** Those of them that are more than numbers (shows.ts `onlyCounts`). */
  firm?: readonly string[];
  value: T;
  bytes: number;
  /** When a lookup first found it out of date (Date.now()), for `lookup`'s callers. */
  staleAt?: number;
}

/** A stored answer and how long it has been known to be out of date (0: it is current). */
export interface Found<T> {
  value: T;
  fresh: boolean;
  staleMs: number;
  /** Out of date only by numbers it shows (likes, comment counts), nothing else. */
  countsOnly: boolean;
  /** How long ago it was stored. */
  ageMs: number;
}

/** Where an answer stands: the epoch and touches it is valid for, and when its reads began
 * (Date.now()). */
export interface CacheStamp {
  epoch: number;
  touches: number;
  at: number;
}

const MINUTE_MS = 60_000;

/** The end of the minute `at` falls in: an answer that does not say how long the clock leaves
 * it as it is holds until then. */
export const minuteEnd = (at: number) => (Math.floor(at / MINUTE_MS) + 1) * MINUTE_MS;

export class AnswerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private bytes = 0;
  private readonly tracker: WriteTracker;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: T) => number;

  constructor(tracker: WriteTracker, maxBytes: number, sizeOf: (value: T) => number) {
    this.tracker = tracker;
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
  }

  /** Taken before an answer is computed: a write meanwhile makes the answer stale at once. */
  stamp(): CacheStamp {
    return { epoch: this.tracker.epoch, touches: this.tracker.touches, at: Date.now() };
  }

  /** Whether an entry still holds: no write it could show since it was made. An entry that named
   * what it shows outlives writes that changed other things (a like on another post). */
  private holds(entry: Entry<T>, stamp: CacheStamp): boolean {
    if (entry.epoch !== stamp.epoch || stamp.at >= entry.until) return false;
    return entry.shows ? this.tracker.untouchedSince(entry.shows, entry.touches) : entry.touches === stamp.touches;
  }

  get(key: string, stamp: CacheStamp): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (!this.holds(entry, stamp)) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    // Most recently used last.
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Like `get`, but an out-of-date entry is answered too (and kept until `set` replaces it), for
   * a caller that may serve it briefly while one request renews it (pages.ts). */
  lookup(key: string, stamp: CacheStamp, now = Date.now()): Found<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    const ageMs = now - entry.at;
    if (this.holds(entry, stamp)) return { value: entry.value, fresh: true, staleMs: 0, countsOnly: false, ageMs };
    entry.staleAt ??= now;
    const countsOnly =
      entry.firm !== undefined &&
      entry.epoch === stamp.epoch &&
      stamp.at < entry.until &&
      this.tracker.untouchedSince(entry.firm, entry.touches);
    return { value: entry.value, fresh: false, staleMs: now - entry.staleAt, countsOnly, ageMs };
  }

  /** `until`: when the clock ends the answer (Date.now() ms); the end of the stamp's minute if
   * not given. */
  set(key: string, stamp: CacheStamp, value: T, shows?: readonly string[], until = minuteEnd(stamp.at)): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    const bytes = this.sizeOf(value) + key.length + 128;
    if (bytes > this.maxBytes) return;
    for (const [k, e] of this.entries) {
      if (this.bytes + bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
    this.entries.set(key, { ...stamp, until, value, bytes, ...(shows && { shows, firm: shows.filter((k) => !onlyCounts(k)) }) });
    this.bytes += bytes;
  }
}
