import type { Hono } from 'hono';
import { z } from 'zod';
import { IdBodySchema, IdListSchema } from '#shared/schemas/user.ts';
import { AnswerCache } from '#server/cache/answer-cache.ts';
import type { Deps } from '#server/context.ts';
import { trackerOf } from '#server/db/write-tracker.ts';
import type { AppEnv } from '#server/http/context.ts';
import { resourceRoutes } from '#server/http/resource-routes.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import { CONTENT_NAMES } from './content-resources.ts';
import {
  contentInitdata,
  countContent,
  createContent,
  createContentBatch,
  getContent,
  listContent,
  parseContentQuery,
  removeContent,
  sumContent,
  updateContent,
} from './content.service.ts';
import type { ContentName } from './content.types.ts';

/** Lists for visitors: 16 MB of JSON answers. */
const LIST_CACHE_BYTES = 16 * 1024 * 1024;

/** A body that is one JSON object (its fields are the resource's to check). */
const FieldsSchema = z.record(z.string(), z.unknown());
/** A batch: a JSON array of such objects. */
const FieldsListSchema = z.array(FieldsSchema);

/** SPEC §7's "same set" for each content resource, mounted at /api/<name>; visitors' lists are
 * answered from one cache for all of them. A write asks for a session before it reads the body,
 * so a visitor learns nothing about a body's shape. */
export function contentRoutes(deps: Deps): [string, Hono<AppEnv>][] {
  const tracker = trackerOf(deps.db);
  const cache = tracker ? new AnswerCache<string>(tracker, LIST_CACHE_BYTES, (json) => json.length * 2) : undefined;
  const routes = (name: ContentName) =>
    resourceRoutes(
      {
        create: (who, body) => (requireActor(who.actor), createContent(deps, name, who, parseInput(FieldsSchema, body))),
        createBatch: (who, body) => (requireActor(who.actor), createContentBatch(deps, name, who, parseInput(FieldsListSchema, body))),
        update: (who, body) => (requireActor(who.actor), updateContent(deps, name, who, parseInput(FieldsSchema, body))),
        remove: async (who, body) => {
          requireActor(who.actor);
          const { id } = parseInput(IdBodySchema, body);
          await removeContent(deps, name, who, [id]);
          return { id };
        },
        removeBatch: (who, body) => {
          requireActor(who.actor);
          return removeContent(deps, name, who, parseInput(IdListSchema, Array.isArray(body) ? body : (body as { ids?: unknown })?.ids));
        },
        list: (who, q) => listContent(deps, name, who, parseContentQuery(name, q)),
        count: (who, q) => countContent(deps, name, who, parseContentQuery(name, q)),
        sum: (who, q) => sumContent(deps, name, who, parseContentQuery(name, q)),
        get: async (who, id, visitor) => ({ item: await getContent(deps, name, who, id, visitor) }),
        initdata: async () => ({ item: contentInitdata(name) }),
      },
      undefined,
      cache,
    );
  return CONTENT_NAMES.map((name) => [`/${name}`, routes(name)]);
}
