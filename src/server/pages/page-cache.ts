// Rendered pages, kept while nothing they show can have changed (the rules are answer-cache.ts's).
// A page is drawn for a visitor; one that is the same for members but for their personal parts
// (`shared`) serves members too, with those parts filled in per request (pages.ts).
//
// A page's CSP nonce must differ per response: an entry keeps the places of the nonce it was
// rendered with and each copy served gets a fresh one there (128 random bits: the text occurs
// nowhere else), also inside the entry's ready-made gzip (compress.ts).

import type { WriteTracker } from '#server/db/write-tracker.ts';
import { AnswerCache, type Found, minuteEnd } from '#server/cache/answer-cache.ts';
import { nextMidnight } from '#shared/format.ts';
import type { ViewTarget } from '#server/modules/view/view.service.ts';
import type { LikeTarget, SectionTable } from '#shared/schemas/content.ts';
import type { ReportTarget } from '#shared/reports.ts';
import type { PatchablePage } from './compress.ts';
import { WROTE_WINDOW_MS } from '#server/http/recent-writer.ts';
import { CONTENT_RESOURCES } from '#server/modules/content/content-resources.ts';
import type { ContentName } from '#server/modules/content/content.types.ts';

/** What a page did that a stored copy of it must still do on every visit. */
export interface PageEffects {
  /** The view a detail page counted. */
  view?: { table: ViewTarget; id: number };
  /** What the page shows, as write-tracker.ts's keys (`board:12`, `board.like`): a stored copy
   * outlives likes and comments on other items. A page that does not say is renewed after any. */
  shows?: string[];
  /** The route pattern that drew it (`/community/:id`), for the metrics. */
  route?: string;
  /** The page is the same for every member but for its personal parts: a stored copy serves
   * members too, with their parts filled in (pages.ts). Pages that do not say are drawn for each
   * member anew. */
  shared?: boolean;
  /** The items whose like state a member's fill-in needs (`liked` of lib/me.ts). */
  likes?: { target: LikeTarget; ids: number[] };
  /** The item whose 신고함 state a member's fill-in needs (`reported` of lib/me.ts). */
  report?: { target: ReportTarget; id: number };
  /** The item whose members-only fields (its resource's `membersOnly`) a member's fill-in reads
   * (`membersOnly` of lib/me.ts): the shared copy, drawn for nobody, has them empty. */
  membersOnly?: { target: ContentName; id: number };
  /** The item whose reviews the page shows: a member's fill-in reads their own review of it
   * (`reviewed` of lib/me.ts), which the shared copy, drawn for nobody, never holds. */
  ownReview?: { target: 'business'; id: number };
  /** The comments whose 신고함 state a member's `.data` answer carries (`reported`). A page's
   * fill-in leaves them out: its comments are drawn for nobody, and the state must match them. */
  comments?: number[];
  /** The personal parts the render drew, in document order (components/personal). */
  parts?: { name: string; props: Record<string, unknown> }[];
  /** When the clock next changes what the page shows (`clockChange`). A page that does not say
   * is drawn again after its minute's end. */
  until?: number;
}

export interface StoredPage {
  status: number;
  headers: [string, string][];
  page: PatchablePage;
  effects: PageEffects;
  /** For a shared page: what each of `page.holes` holds, in order; the parts in
   * `effects.parts`' order. */
  holes?: HoleKind[];
}

/** A hole of a shared page: the member's JSON, the style that shows their controls, a part. */
export type HoleKind = 'me' | 'style' | 'part';

/** How long a stored page out of date only by numbers (likes, comment counts) may still answer
 * those who did not just write them (http/recent-writer.ts): a page whose numbers move all day
 * is drawn about once a second, not once per like. */
const COUNTS_LAG_MS = 1000;

/** How long a page's previous copy may answer while one request renders it anew after a write
 * (pages.ts: one render per page per change). */
const STALE_MS = 2000;

/** Who asks for a stored page. */
export interface Asker {
  /** A member is answered only from a shared copy (their parts filled in), and an out-of-date
   * copy only if it was made after any write of theirs (http/recent-writer.ts's window). */
  member: boolean;
  /** Whoever just wrote never gets a copy out of date: it may lack their write. */
  justWrote: boolean;
  /** Another request is drawing the page anew (pages.ts): its previous copy may answer a moment. */
  renewing?: boolean;
}

/** Whether a copy, however current, serves this asker: any a visitor, a shared one a member. */
export function serves(stored: StoredPage, asker: Pick<Asker, 'member'>): boolean {
  return !asker.member || stored.holes !== undefined;
}

/** Whether a stored copy may answer now: the one rule of both answer paths (stored-hit.ts before
 * the app, pages.ts in it). A current copy; else, for someone who did not just write, one out of
 * date only by its numbers (likes, comment counts) a moment ago, or a moment stale while its
 * renewal is drawn. */
export function mayAnswer(found: Found<StoredPage>, asker: Asker): boolean {
  if (!serves(found.value, asker)) return false;
  if (found.fresh) return true;
  if (asker.justWrote || (asker.member && found.ageMs >= WROTE_WINDOW_MS)) return false;
  return (found.countsOnly && found.ageMs < COUNTS_LAG_MS) || (asker.renewing === true && found.staleMs <= STALE_MS);
}

/** When the clock next changes a page that shows the date (dates, D-days, "today"'s schedule, the
 * year in the footer) or the minute (business hours' 영업중), as Date.now() ms: PageEffects.until. */
export function clockChange(shows: 'date' | 'minute', timeZone: string, now = new Date()): number {
  return shows === 'minute' ? minuteEnd(now.getTime()) : nextMidnight(timeZone, now);
}

/** clockChange of a section's list and item pages, by the clock its resource declares: a
 * business's show whether it is open now (영업중), the other sections' dates and D-days (and a
 * listing's 끌어올리기 box, which turns within the minute a page's view counts may lag anyway:
 * storedUntil). */
export function sectionClockChange(table: SectionTable, timeZone: string, now = new Date()): number {
  return clockChange(CONTENT_RESOURCES[table].clock ?? 'date', timeZone, now);
}

/** How old a stored page's view counts may be: views are not writes the cache follows
 * (write-tracker.ts). Each page's own minute, ending at a random point of its last quarter: when
 * every stored page ended at the minute's turn, the pages visitors read all came due at once, a
 * burst of renders (~0.5 s of the server's thread at 1M posts) that every request behind it
 * waited for, once a minute. */
const VIEWS_LAG_MS = 60_000;

/** Until when a page drawn from reads begun at `at` is stored, writes aside. */
export function storedUntil(effects: PageEffects, at: number, random = Math.random()): number {
  return Math.min(effects.until ?? minuteEnd(at), at + VIEWS_LAG_MS * (0.75 + 0.25 * random));
}

/** Entries past this many bytes push out the least recently used: some 3,000 pages (a page is kept
 * as its gzip, 10-13 KB for a list or a post). */
const MAX_BYTES = 32 * 1024 * 1024;

export function pageCache(tracker: WriteTracker): AnswerCache<StoredPage> {
  return new AnswerCache<StoredPage>(
    tracker,
    MAX_BYTES,
    (p) => p.page.gzip.length + p.page.holes.reduce((sum, h) => sum + h.stored.length, 0),
  );
}
