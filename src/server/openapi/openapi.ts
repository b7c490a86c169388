import { eventPaths } from './event-paths.ts';
import { freshnessPaths } from './freshness-paths.ts';
import { reportPaths } from './report-paths.ts';
import { memberPaths } from './member-paths.ts';
import { queuePaths } from './queue-paths.ts';
import { messagePaths } from './message-paths.ts';
import { ErrorKey } from '#shared/messages.ts';
import { IdBodySchema, IdListSchema } from '#shared/schemas/user.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import type { ContentName as ContentTable, ContentResource } from '#server/modules/content/content.types.ts';
import { CONTENT_RESOURCES, SALE_KINDS } from '#server/modules/content/content-resources.ts';
import { type Obj, type Schema, integer, okWith, ref, text, toSchema } from './json-schema.ts';
import { ERROR_RESPONSES, SESSION } from './operation.ts';
import { contentDoc, resourcePaths, userDoc } from './resource-paths.ts';
import {
  adminPaths,
  authPaths,
  codePaths,
  commentPaths,
  healthPaths,
  likePaths,
  livePaths,
  notificationPaths,
  pushPaths,
  alertPaths,
  searchPaths,
  uploadPaths,
  userBatchEdit,
} from './module-paths.ts';

// The OpenAPI 3.1 description of /api, built from the zod schemas that validate requests and the
// resource definitions that mount the routes, so a new field or resource shows up here by itself.

function components(schemas: Record<string, Schema>): Obj {
  const errorContent = { 'application/json': { schema: ref('ErrorAnswer') } };
  return {
    schemas: {
      Ok: { type: 'object', properties: { code: { const: 'ok' } }, required: ['code'] },
      ErrorAnswer: {
        type: 'object',
        properties: {
          code: { const: 'error' },
          message: { enum: Object.values(ErrorKey), description: 'A stable key; the client shows its Korean text.' },
          field: text,
          detail: text,
        },
        required: ['code', 'message'],
        example: { code: 'error', message: ErrorKey.invalid, field: 'title', detail: '제목을 입력하세요' },
      },
      List: okWith({ items: { type: 'array', items: {} }, total: integer, page: integer, size: integer }),
      IdBody: toSchema(IdBodySchema),
      IdList: toSchema(IdListSchema),
      Comment: {
        type: 'object',
        properties: {
          ...Object.fromEntries(['id', 'board', 'parent', 'user', 'deleted'].map((f) => [f, integer])),
          content: text,
          name: text,
          date: text,
          replies: { type: 'array', items: ref('Comment') },
        },
      },
      Upload: {
        type: 'object',
        properties: {
          ...Object.fromEntries(['id', 'size', 'width', 'height'].map((f) => [f, integer])),
          path: text,
          thumb: text,
          filename: text,
          mime: text,
        },
      },
      Attachment: {
        type: 'object',
        description:
          "An upload an item carries: the name its download has, its stored size in bytes, and its download's path under the API base.",
        properties: { id: integer, path: text, filename: text, mime: text, size: integer, download: text },
        required: ['id', 'path', 'filename', 'mime', 'size', 'download'],
      },
      ...schemas,
    },
    responses: Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([status, [name, description]]) => [
        name,
        {
          description,
          content: errorContent,
          ...(status === '429' && { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: integer } } }),
        },
      ]),
    ),
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token /api/jwt answers.' },
      cookieAuth: {
        type: 'apiKey',
        in: 'cookie',
        name: TOKEN_COOKIE,
        description: 'The same token as an httpOnly cookie; writes through it must come from this origin.',
      },
    },
  };
}

/** The whole document; built once when the routes are created. */
export function buildOpenApi(siteName: string): Obj {
  const schemas: Record<string, Schema> = {};
  const resources = [userDoc(), ...(Object.values(CONTENT_RESOURCES) as ContentResource<ContentTable>[]).map(contentDoc)];
  const paths: Record<string, Obj> = {
    ...healthPaths(),
    ...authPaths(),
    ...resources.reduce((all, r) => Object.assign(all, resourcePaths(r, schemas)), {}),
    ...codePaths(),
    ...commentPaths(),
    ...likePaths(),
    ...notificationPaths(),
    ...pushPaths(),
    ...livePaths(),
    ...alertPaths(),
    ...messagePaths(),
    ...memberPaths(SALE_KINDS),
    ...reportPaths(),
    ...queuePaths(),
    ...searchPaths(),
    ...uploadPaths(),
    ...adminPaths(),
    ...freshnessPaths(),
    ...eventPaths(),
  };
  // PUT /batch joins the call set's POST and DELETE /batch of /api/user.
  Object.assign(paths['/api/user/batch'] ?? {}, { put: userBatchEdit() });
  return {
    openapi: '3.1.0',
    // Same origin: the docs page tries calls against the server that serves it.
    servers: [{ url: '/' }],
    info: {
      title: `${siteName} API`,
      version: '1',
      description:
        'Answers are JSON: `{code: "ok", ...}` or `{code: "error", message, field?, detail?}`; the HTTP status tells the kind ' +
        '(400 bad input, 401 no session, 403 not allowed, 404 missing, 413 too large, 415 not JSON, 429 too many).',
    },
    tags: [
      { name: 'system', description: 'Health' },
      { name: 'auth', description: 'Sessions' },
      ...resources.map((r) => ({ name: r.name, description: r.description })),
      { name: 'comment', description: 'Comments on board posts and housing listings' },
      { name: 'like', description: 'Likes on board posts, jobs and businesses' },
      { name: 'notification', description: "A member's notifications and which go by e-mail" },
      { name: 'push', description: "Web push: the site's VAPID key and a member's browsers" },
      { name: 'alert', description: 'Keyword alerts: new items that match a keyword' },
      { name: 'conversation', description: 'Private messages (쪽지/채팅) between two members, and blocks' },
      { name: 'member', description: "Members' public profiles and the reviews of their trades" },
      { name: 'report', description: 'Reports (신고): members report an item; enough reports hold it for review' },
      { name: 'search', description: 'Search across the sections' },
      { name: 'upload', description: 'Images' },
      { name: 'admin', description: 'The admin area: dashboard, audit log, moderation, user export (levels 3 and up)' },
    ],
    // A visitor may call anything not marked otherwise; a session, when sent, identifies the user.
    security: [...SESSION, {}],
    paths,
    components: components(schemas),
  };
}
