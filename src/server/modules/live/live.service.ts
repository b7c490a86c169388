import type { Caller, Deps } from '#server/context.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { SESSION_TABLES, sessionStands } from '#server/modules/auth/auth.service.ts';
import type { LiveSink } from './live-hub.ts';
import { LIVE_SOURCES } from './live-sources.ts';

/** A Last-Event-ID as this server writes ids: anything else is a fresh stream. */
const EVENT_ID = /^[\w.:-]{1,64}$/;

/** GET /api/events: the signed-in member's live stream (live-hub.ts) into `sink`, from every
 * source of live-sources.ts; `lastEventId` is the id a reconnecting browser saw last. */
export function openLiveStream(deps: Deps, caller: Caller, lastEventId: string | undefined, sink: LiveSink): void {
  const actor = requireActor(caller.actor);
  const member = actor.id;
  deps.live.stream(
    {
      member,
      after: lastEventId && EVENT_ID.test(lastEventId) ? lastEventId : undefined,
      sources: LIVE_SOURCES,
      read: (source, after) => source.read(deps, member, after),
      // A logout (here or on another server) ends the stream too.
      session: { tables: SESSION_TABLES, stands: () => sessionStands(deps, actor) },
    },
    sink,
  );
}

/** Part of a graceful stop: every open stream ends now (its browser reconnects elsewhere). */
export function endLiveStreams(deps: Deps): void {
  deps.live.close();
}
