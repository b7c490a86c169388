import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Actor, Caller, Deps } from '#server/context.ts';
import type { Database, Executor } from '#server/db/database.ts';
import type { AnyQuery, ListParams, ListSpec } from '#server/db/list-query.ts';
import type { CountQuery } from '#server/db/counters.ts';
import type { SearchTarget, SectionTable } from '#shared/schemas/content.ts';

// The generic resource of ARCHITECTURE.md: board, jobs, business, housing, inquiry, mainschedule and
// event each declare their schema, defaults, filters and policy (modules/<name>/<name>.resource.ts);
// the content service turns a declaration into SPEC §7's ten calls with the same rules everywhere.

export type ContentName = 'board' | 'jobs' | 'business' | 'housing' | 'inquiry' | 'mainschedule' | 'event';

/** The tables whose items can be hidden (shared/reports.ts, Visibility): the sections' and
 * comments. */
export type HideableTable = SectionTable | 'comment' | 'event';

/** A stored row as the database answers it. */
export type StoredRow<N extends ContentName> = Selectable<Database[N]>;

/** An item as services answer it: board, business, housing and event images are a list, stored as
 * JSON text; a job's visa terms a list, stored as bits. */
export type ContentItem<N extends ContentName> = N extends 'board' | 'business' | 'housing' | 'event'
  ? Omit<StoredRow<N>, 'images'> & { images: string[] }
  : N extends 'jobs'
    ? Omit<StoredRow<N>, 'visa'> & { visa: number[] }
    : StoredRow<N>;

/** A row as the generic rules see it. */
export type Row = Record<string, unknown> & { id: number; user: number; hidden: number };

/** What a client sends to create or edit an item: a JSON object, checked against the resource's
 * schema by the service (an edit is merged over the stored item first, then checked whole). */
export type ContentFields = Record<string, unknown>;

/** A list's parameters: the page, sort and keyword of list-query.ts plus the resource's filters.
 * Left-out page, size and sort take the defaults. */
export type ContentQuery = Partial<ListParams> & Record<string, unknown>;

export interface ContentResource<T extends ContentName> {
  table: T;
  schema: z.ZodObject;
  /** Accepted in a body, never taken from it (counts, author, dates). */
  serverFields: readonly string[];
  /** Taken only from an admin; others get the default on create and a 403 when they change one. */
  adminFields: readonly string[];
  /** HTML fields sanitized before storing. */
  richText: readonly string[];
  /** Rich-text fields that must say something after sanitizing: a post's and an inquiry's content. */
  requiredRichText?: readonly string[];
  list: ListSpec<T>;
  /** Extra list parameters and the conditions they add. */
  listParams?: z.ZodRawShape;
  narrowList?: (q: AnyQuery, params: ListParams, caller: Caller, deps: Deps) => AnyQuery;
  /** narrowList's conditions as a counted scope's (db/counters.ts); undefined when they are not
   * equalities a counter keeps (the rows are then counted). Without it a narrowed list is counted. */
  countedAs?: (params: ListParams, caller: Caller, deps: Deps) => Partial<CountQuery> | undefined;
  /** SPEC §3 defaults, for initdata. */
  initdata(): Record<string, unknown>;
  /** Refuses a create or edit that this actor may not make (e.g. news below level 2). */
  requireWrite(actor: Actor, input: Record<string, unknown>, before: Row | undefined): void;
  /** Refuses a delete beyond the author-or-admin rule (an answered inquiry), in its transaction. */
  requireDelete?(actor: Actor, row: Row): void;
  /** Who may read one item beyond the public (inquiries: author and admins only). */
  canRead?(actor: Actor | undefined, row: Row): boolean;
  /** An unreadable item is private (401/403, inquiries) or, for others, simply not there (404). */
  privateItems?: boolean;
  /** Storage form of a value (board images: a JSON array stored as text) and back. */
  toRow?(input: Record<string, unknown>): Record<string, unknown>;
  fromRow?(row: Record<string, unknown>): Record<string, unknown>;
  /** Fields the server derives from the input (board's korean/english flags, a listing's close
   * date in the site's time zone). */
  derive?(input: Record<string, unknown>, before: Row | undefined, actor: Actor, deps: Deps): Record<string, unknown>;
  /** Checks of a save that read the database (an event's organization), before it is written,
   * and what they decide of it (an organization's editor publishes its event at once). */
  check?(deps: Deps, values: Record<string, unknown>, actor: Actor, before: Row | undefined): Promise<Record<string, unknown> | undefined>;
  /** Who may edit an item beyond its author and admins (an organization's page: staff and the
   * members named its editors). */
  mayEdit?(deps: Deps, actor: Actor, row: Row): Promise<boolean>;
  /** What an item's detail answer adds for its reader (an event's `attending` and `next`). */
  detail?(deps: Deps, actor: Actor | undefined, row: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Rows of its own that hang off its items and go with them (an event's RSVPs), in the
   * delete's transaction. */
  removeWith?(db: Executor, ids: number[]): Promise<void>;
  /** After a committed save by `actor` (an inquiry's answer notifies its author). */
  afterSave?(deps: Deps, before: Row | undefined, after: Row, actor: Actor): Promise<void>;
  /** Its items carry a comment thread (modules/comment): their page shows it, a comment's count
   * and the lists ordered by it change with it (content.shows.ts), and it goes with its item. */
  comments?: true;
  /** Counts a view on get (+1 per visitor per 24 h). */
  countViews?: boolean;
  /** Kept in the search index under this target (shared/schemas/content.ts `SearchTarget`); the list's keyword then uses the index. */
  search?: SearchTarget;
  /** A kind outside sections.ts found by /search: its group's key (?section=), label, list path
   * and index section (shared/enums.ts `SearchSection`). The sections' groups are their lists. */
  searchGroup?: { key: string; label: string; path: string; section: number };
  /** What a stored item is found by, with `search` (search.service.ts, and keyword alerts): its
   * title and its body as plain text. */
  searchText?(row: Record<string, unknown>): { title: string; body: string };
  /** How a moderator's 마감 closes an item (POST /api/admin/moderate, action close): the column
   * and its closed value, and the sections it applies to where the table holds several (only
   * the market's posts close). Items without one do not close. `buyer`: its author closes a sale
   * with a buyer (PUT /api/<name>/{id}/sold, modules/review), after which the two review each other. */
  close?: { column: string; value: number; sections?: readonly number[]; buyer?: true };
  /** The finest clock its list and item pages show, for how long a stored page holds
   * (pages/page-cache.ts): business hours' 영업중 turns with the minute; by default dates and
   * D-days, which turn at midnight. */
  clock?: 'minute';
  /** Members talk with the author about an item (POST /api/conversation, target the table): of
   * the sections named where the table holds several (only the market's posts). */
  chat?: { sections?: readonly number[] };
  /** Fields only members read (PRODUCT.md: a home's address and contact): a visitor's answer has
   * them empty, and an item page that shows them is drawn for each member, never shared. */
  membersOnly?: readonly string[];
}
