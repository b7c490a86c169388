import type { Hono } from 'hono';
import { z } from 'zod';
import { IdBodySchema } from '#shared/schemas/user.ts';
import { AnswerCache } from '#server/cache/answer-cache.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { caller, idsOf, member, pathId, resourceRoutes } from '#server/http/resource-routes.ts';
import { visitorOf } from '#server/http/visitor.ts';
import { downloadAnswer } from '#server/modules/upload/upload.api.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { CONTENT_NAMES } from './content-resources.ts';
import {
  contentAttachments,
  contentDetail,
  contentInitdata,
  countContent,
  createContent,
  createContentBatch,
  getContent,
  getContentFile,
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
 * answered from one cache for all of them. A write asks for a session before it checks the body. */
export function contentRoutes(deps: Deps): [string, Hono<AppEnv>][] {
  const cache = new AnswerCache<string>(deps.tracker, LIST_CACHE_BYTES, (json) => json.length * 2);
  const routes = (name: ContentName) => {
    const app = resourceRoutes(
      {
        create: (c, body) => createContent(deps, name, member(c), parseInput(FieldsSchema, body)),
        createBatch: (c, body) => createContentBatch(deps, name, member(c), parseInput(FieldsListSchema, body)),
        update: (c, body) => updateContent(deps, name, member(c), parseInput(FieldsSchema, body)),
        remove: async (c, body) => {
          const who = member(c);
          const { id } = parseInput(IdBodySchema, body);
          await removeContent(deps, name, who, [id]);
          return { id };
        },
        removeBatch: (c, body) => {
          const who = member(c);
          return removeContent(deps, name, who, idsOf(body));
        },
        list: (c, q) => listContent(deps, name, caller(c), parseContentQuery(name, q)),
        count: (c, q) => countContent(deps, name, caller(c), parseContentQuery(name, q)),
        sum: (c, q) => sumContent(deps, name, caller(c), parseContentQuery(name, q)),
        get: async (c, id) => {
          // Whom the view counts for; a new visitor gets the visitor cookie with the answer.
          const visitor = visitorOf(c.get('actor'), c.req.raw.headers, c.get('ip'), deps.visitorKey);
          const item = await getContent(deps, name, caller(c), id, visitor);
          if (visitor.setCookie) c.header('Set-Cookie', visitor.setCookie, { append: true });
          return { item: await contentDetail(deps, name, caller(c), item), attachments: await contentAttachments(deps, name, item) };
        },
        initdata: async () => ({ item: contentInitdata(name) }),
      },
      undefined,
      cache,
    );
    // One of the item's files, by its stored name: a member who may read the item downloads it.
    app.get('/:id/files/:file', async (c) => {
      const file = await getContentFile(deps, name, member(c), pathId(c.req.param('id')), c.req.param('file'));
      return downloadAnswer(c, deps, file);
    });
    return app;
  };
  return CONTENT_NAMES.map((name) => [`/${name}`, routes(name)]);
}
