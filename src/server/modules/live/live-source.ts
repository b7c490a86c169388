import type { Deps } from '#server/context.ts';

// What a member's live stream (GET /api/events, live.api.ts) carries comes from sources: one per
// module with something to tell as it happens, each listed once in live-sources.ts. A source
// names the tables it follows; after a write of one of them for a member (write-tracker.ts
// `writesOfMembers`), or for every member, the open streams concerned read it again
// (live-hub.ts), and what it answers goes out.

/** One event of a stream: its name and its data (sent as JSON). An event with an `id` happened
 * once (a message): it reaches the member once, also across a reconnect (Last-Event-ID). One
 * without is a state (the unread count): sent on connect, and again whenever it changes. */
export interface LiveEvent {
  event: string;
  data: unknown;
  /** Increasing within its source; at most one source of the registry gives ids, since a
   * reconnecting browser sends back only the last id it saw. */
  id?: string;
}

/** A source's answer: its events, oldest first, and where its next read starts (by default the
 * last event's id, or where the last read started). */
export interface LiveRead {
  events: LiveEvent[];
  after?: string;
}

export interface LiveSource {
  /** The tables whose writes may change what it answers. */
  tables: readonly string[];
  /** The member's events. `after` is the id of the last event of this source the stream sent
   * (from Last-Event-ID on a reconnect): a source with ids answers the events since; on a fresh
   * stream it is undefined, and such a source answers its newest id as `after`, with no events
   * of the past. A state is answered whole on every read: the stream sends it only when it changed. */
  read(deps: Deps, member: number, after: string | undefined): Promise<LiveRead>;
}
