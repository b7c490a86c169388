import { AuditQuerySchema, CommentModerationQuerySchema, ModerateSchema } from '#shared/schemas/admin.ts';
import { SystemReportSchema } from '#shared/schemas/system.ts';
import {
  CommentEditSchema,
  CommentListQuerySchema,
  CommentSaveSchema,
  LikeStatusQuerySchema,
  LikeToggleSchema,
  MyCommentsQuerySchema,
  MyLikesQuerySchema,
} from '#shared/schemas/content.ts';
import { NotificationKinds } from '#shared/notifications.ts';
import { AlertDeleteSchema, AlertSaveSchema } from '#shared/schemas/alert.ts';
import {
  NotificationListQuerySchema,
  NotificationReadSchema,
  NotificationSettingsSchema,
  QuietHoursSchema,
} from '#shared/schemas/notification.ts';
import { PushSubscriptionSchema, PushUnsubscribeSchema } from '#shared/schemas/push.ts';
import { SearchQuerySchema } from '#server/modules/search/search.service.ts';
import {
  CheckCodeSchema,
  IdBodySchema,
  LoginSchema,
  ResetPasswordSchema,
  SendCodeSchema,
  UserBatchUpdateSchema,
} from '#shared/schemas/user.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '#server/lib/images.ts';
import { listParamsSchema } from '#server/db/list-query.ts';
import { MAX_FILES } from '#server/modules/upload/upload.service.ts';
import { USER_LIST_SPEC } from '#server/modules/user/user.repository.ts';
import { type Obj, type Schema, integer, listOf, okWith, pathParameter, queryParameters, ref, text, toSchema } from './json-schema.ts';
import { op } from './operation.ts';

// The paths of the calls outside the call set: sessions, e-mail codes, comments, likes, uploads,
// search, the admin area and health.

/** /api/user's e-mail code calls: each legacy GET has a POST twin with a JSON body. */
export function codePaths(): Record<string, Obj> {
  const tag = 'user';
  const legacy = 'SPEC §7, kept for compatibility: the address or code sits in the URL. Use the POST.';
  const sent = okWith(
    {
      id: { ...toSchema(CheckCodeSchema.shape.id), description: 'The code id (random), for checkpassword and password.' },
      mail: {
        type: 'string',
        enum: ['sent', 'queued'],
        description: "'queued': the mail server did not take the mail yet; it is sent later and the id stays good.",
      },
      detail: { ...text, description: "With 'queued', the Korean message to show." },
    },
    ['id', 'mail'],
  );
  const send = (id: string, summary: string, description: string) => ({
    get: op({
      tag,
      id: `${id}Legacy`,
      summary,
      description: `${description} ${legacy}`,
      deprecated: true,
      parameters: [pathParameter('email', toSchema(SendCodeSchema.shape.email))],
      answer: sent,
      errors: [400, 429],
    }),
    post: op({ tag, id, summary, description, body: toSchema(SendCodeSchema), answer: sent, errors: [429] }),
  });
  const signup = send('sendSignupCode', 'Send a sign-up code', 'Mails a 6-digit code, valid 10 minutes; resend after a minute.');
  const reset = send(
    'sendResetCode',
    'Send a password reset code',
    'Mails a code if the address has an account; the answer is the same either way.',
  );
  return {
    '/api/user/findemail/{email}': { get: signup.get },
    '/api/user/findemail': { post: signup.post },
    '/api/user/findpassword/{email}': { get: reset.get },
    '/api/user/findpassword': { post: reset.post },
    '/api/user/checkpassword/{id}': {
      get: op({
        tag,
        id: 'checkCodeLegacy',
        summary: 'Confirm a code',
        description: legacy,
        deprecated: true,
        parameters: [
          pathParameter('id', toSchema(CheckCodeSchema.shape.id), 'The id findemail or findpassword answered.'),
          { name: 'number', in: 'query', required: true, schema: toSchema(CheckCodeSchema.shape.number), description: 'The code.' },
        ],
        answer: ref('Ok'),
        errors: [400, 404, 429],
      }),
    },
    '/api/user/checkpassword': {
      post: op({ tag, id: 'checkCode', summary: 'Confirm a code', body: toSchema(CheckCodeSchema), answer: ref('Ok'), errors: [404, 429] }),
    },
    '/api/user/password': {
      post: op({
        tag,
        id: 'resetPassword',
        summary: 'Reset the password with a confirmed code',
        body: toSchema(ResetPasswordSchema),
        answer: ref('Ok'),
        errors: [429],
      }),
    },
  };
}

export function authPaths(): Record<string, Obj> {
  const tag = 'auth';
  const answer = okWith({
    token: { type: 'string', description: 'A JWT for `Authorization: Bearer`; also set as the cookie.' },
    user: ref('User'),
  });
  const login = toSchema(LoginSchema);
  return {
    '/api/jwt': {
      get: op({
        tag,
        id: 'loginLegacy',
        summary: 'Log in (legacy)',
        description: 'SPEC §7 kept for compatibility: the password travels in the URL. Use POST.',
        deprecated: true,
        parameters: queryParameters(LoginSchema),
        answer,
        errors: [400, 401, 429],
      }),
      post: op({ tag, id: 'login', summary: 'Log in', body: login, answer, errors: [401, 429] }),
      delete: op({ tag, id: 'logout', summary: 'Log out: clears the session cookie', answer: ref('Ok'), errors: [403] }),
    },
  };
}

export function commentPaths(): Record<string, Obj> {
  const tag = 'comment';
  return {
    '/api/comment': {
      get: op({
        tag,
        id: 'commentList',
        summary: "An item's comments (a board post's, or target's), each with its replies",
        parameters: queryParameters(CommentListQuerySchema),
        answer: listOf(ref('Comment')),
        errors: [400, 404],
      }),
      post: op({
        tag,
        id: 'commentCreate',
        summary: 'Comment, or reply (parent)',
        session: true,
        body: toSchema(CommentSaveSchema),
        answer: okWith({ id: integer }),
        errors: [404],
      }),
      put: op({
        tag,
        id: 'commentUpdate',
        summary: 'Edit a comment',
        session: true,
        body: toSchema(CommentEditSchema),
        answer: okWith({ id: integer }),
        errors: [403, 404],
      }),
      delete: op({
        tag,
        id: 'commentRemove',
        summary: 'Delete a comment',
        description: 'A comment with replies stays as "삭제된 댓글입니다".',
        session: true,
        body: toSchema(IdBodySchema),
        answer: okWith({ id: integer }),
        errors: [403, 404],
      }),
    },
    '/api/comment/mine': {
      get: op({
        tag,
        id: 'commentMine',
        summary: 'My comments across the sections, newest first, each with its post and where it is read',
        session: true,
        parameters: queryParameters(MyCommentsQuerySchema),
        answer: listOf({
          type: 'object',
          properties: {
            id: integer,
            board: integer,
            title: { ...text, description: "The post's title." },
            content: text,
            date: text,
            link: text,
          },
        }),
      }),
    },
  };
}

export function likePaths(): Record<string, Obj> {
  const tag = 'like';
  const toggled = okWith({ liked: { type: 'boolean' }, like: { ...integer, description: "The item's like count." } });
  const liked = { type: 'object', properties: { id: integer, target: text, item: integer, date: text, title: text } } as const;
  return {
    '/api/like': {
      get: op({
        tag,
        id: 'likeList',
        summary: 'My likes, newest first',
        session: true,
        parameters: queryParameters(MyLikesQuerySchema),
        answer: listOf(liked),
        errors: [400],
      }),
      post: op({
        tag,
        id: 'likeToggle',
        summary: 'Like, or take the like back',
        session: true,
        body: toSchema(LikeToggleSchema),
        answer: toggled,
        errors: [404],
      }),
      delete: op({ tag, id: 'likeRemove', summary: 'Take a like back', session: true, body: toSchema(LikeToggleSchema), answer: toggled }),
    },
    '/api/like/status': {
      get: op({
        tag,
        id: 'likeStatus',
        summary: 'Which of these items I liked',
        session: true,
        parameters: queryParameters(LikeStatusQuerySchema, { items: 'Comma-separated ids, at most 100.' }),
        answer: okWith({ liked: { type: 'array', items: integer } }),
        errors: [400],
      }),
    },
  };
}

/** GET /api/events: the member's live stream (modules/live), text rather than JSON. */
export function livePaths(): Record<string, Obj> {
  const call = op({
    tag: 'notification',
    id: 'events',
    summary: 'My live events (Server-Sent Events)',
    description:
      '`text/event-stream`, open until the client or the server ends it. `notification` `{"unread": N}` comes at once and ' +
      'within a second of any change. Events with an `id:` are sent again after a reconnect that sends `Last-Event-ID`. ' +
      'A comment line every 25 s keeps proxies from closing it. At most 10 streams per member (429) and a bound per ' +
      'server (503 with Retry-After).',
    session: true,
    answer: { type: 'string' },
    errors: [429],
  });
  const responses = call.responses as Obj;
  return {
    '/api/events': {
      get: {
        ...call,
        responses: {
          ...responses,
          200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          503: { description: 'No room for another stream on this server, or it is stopping: try again after `Retry-After`.' },
        },
      },
    },
  };
}

export function notificationPaths(): Record<string, Obj> {
  const tag = 'notification';
  const notification: Schema = {
    type: 'object',
    properties: {
      id: integer,
      kind: { type: 'string', enum: [...NotificationKinds] },
      actor: { ...text, description: "Who did it: their nickname ('' when the account is gone)." },
      keyword: { ...text, description: "A keyword notice's matched keyword; '' for the other kinds." },
      title: { ...text, description: "The post's or inquiry's title." },
      link: { ...text, description: 'Where it is read on the site; a comment is anchored (#comment-<id>).' },
      created: { ...text, description: 'When it happened (ISO 8601, UTC).' },
      read: { type: 'boolean' },
    },
  };
  const settings = okWith(
    {
      mail: toSchema(NotificationSettingsSchema.shape.mail),
      push: { ...toSchema(NotificationSettingsSchema.shape.push), description: 'The kinds pushed to my browsers (web push).' },
      quiet: {
        anyOf: [toSchema(QuietHoursSchema), { type: 'null' }],
        description: "Quiet hours in the site's time zone: a push due then is not sent; the notification stays.",
      },
    },
    ['mail', 'push', 'quiet'],
  );
  return {
    '/api/notification': {
      get: op({
        tag,
        id: 'notificationList',
        summary: 'My notifications, newest first, with the unread count',
        session: true,
        parameters: queryParameters(NotificationListQuerySchema),
        answer: {
          allOf: [
            ref('List'),
            {
              type: 'object',
              properties: {
                items: { type: 'array', items: notification },
                unread: { ...integer, description: 'How many of mine are unread.' },
              },
            },
          ],
        },
      }),
    },
    '/api/notification/read': {
      put: op({
        tag,
        id: 'notificationRead',
        summary: 'Mark some of mine (`ids`) or all (`all: true`) read',
        description: "Ids of other members' notifications change nothing.",
        session: true,
        body: toSchema(NotificationReadSchema),
        answer: okWith({ updated: integer, unread: integer }),
      }),
    },
    '/api/notification/settings': {
      get: op({
        tag,
        id: 'notificationSettings',
        summary: 'The kinds that also go to me by e-mail, those pushed, and quiet hours',
        session: true,
        answer: settings,
      }),
      put: op({
        tag,
        id: 'notificationSettingsSave',
        summary: 'Choose the kinds that also go by e-mail and by push, and quiet hours',
        description: '`push` and `quiet` left out keep what was saved.',
        session: true,
        body: toSchema(NotificationSettingsSchema),
        answer: settings,
      }),
    },
  };
}

/** Web push: the site's VAPID key and a member's browsers' subscriptions. */
export function pushPaths(): Record<string, Obj> {
  const tag = 'push';
  return {
    '/api/push/key': {
      get: op({
        tag,
        id: 'pushKey',
        summary: "The site's VAPID public key",
        description: 'base64url of the 65-byte P-256 point, the `applicationServerKey` a browser subscribes with.',
        answer: okWith({ key: text }, ['key']),
      }),
    },
    '/api/push/subscription': {
      post: op({
        tag,
        id: 'pushSubscribe',
        summary: "This browser takes my pushes (a PushSubscription's JSON)",
        description: 'The endpoint must be an https URL on a public address (its name resolving to public addresses only).',
        session: true,
        body: toSchema(PushSubscriptionSchema),
        answer: okWith({ endpoint: text }, ['endpoint']),
      }),
      delete: op({
        tag,
        id: 'pushUnsubscribe',
        summary: 'This browser no longer takes my pushes',
        session: true,
        body: toSchema(PushUnsubscribeSchema),
        answer: okWith({ deleted: { type: 'boolean' } }, ['deleted']),
      }),
    },
  };
}

export function alertPaths(): Record<string, Obj> {
  const tag = 'alert';
  const alert: Schema = {
    type: 'object',
    properties: { id: integer, keyword: text, section: { ...text, description: "'' for every section" }, mail: text, date: text },
  };
  return {
    '/api/alert': {
      get: op({
        tag,
        id: 'alertList',
        summary: 'My keywords (at most 20), oldest first',
        session: true,
        answer: okWith({ items: { type: 'array', items: alert }, total: integer }),
      }),
      post: op({
        tag,
        id: 'alertAdd',
        summary: 'Follow a keyword in every section or one',
        description:
          'New posts, jobs, listings and businesses that search would find for it notify me once each (matched in the background). ' +
          'A 21st keyword, or one I follow already in that section, is a 400 on `keyword` (`already` for the latter).',
        session: true,
        body: toSchema(AlertSaveSchema),
        answer: okWith({ id: integer }),
      }),
      delete: op({
        tag,
        id: 'alertRemove',
        summary: 'Stop following one of my keywords',
        session: true,
        body: toSchema(AlertDeleteSchema),
        answer: okWith({ id: integer }),
        errors: [404],
      }),
    },
  };
}

/** A stored image's body, for each type we store. */
function imageBodies(): Obj {
  return { content: Object.fromEntries(Object.values(IMAGE_TYPES).map((t) => [t.mime, { schema: { type: 'string', format: 'binary' } }])) };
}

/** GET /api/<name>/{id}/files/{file}: one of an item's files (an attachment's `download`). */
export function itemFileDownload(tag: string): Obj {
  const download = op({
    tag,
    id: `${tag}File`,
    summary: "Download one of the item's files under its original name: for members who may read the item",
    session: true,
    answer: {},
    errors: [403, 404],
  });
  download.parameters = [
    pathParameter('id', { type: 'integer', minimum: 1 }),
    pathParameter('file', { type: 'string' }, "The stored name, the last part of the attachment's path"),
  ];
  download.responses = {
    ...(download.responses as Obj),
    200: { description: 'The file, as an attachment', headers: { 'Content-Disposition': { schema: text } }, ...imageBodies() },
  };
  return download;
}

export function uploadPaths(): Record<string, Obj> {
  const tag = 'upload';
  const mimes = Object.values(IMAGE_TYPES).map((t) => t.mime);
  const binary = imageBodies();
  const upload = op({
    tag,
    id: 'upload',
    summary: 'Upload images',
    description: `Up to ${MAX_FILES} images of at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB each (${mimes.join(', ')}); all are stored or none.`,
    session: true,
    answer: okWith({ items: { type: 'array', items: ref('Upload') } }),
    errors: [400, 403, 413],
  });
  upload.requestBody = {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { type: 'array', minItems: 1, maxItems: MAX_FILES, items: { type: 'string', format: 'binary' } } },
          required: ['file'],
        },
        encoding: { file: { contentType: mimes.join(', ') } },
      },
    },
  };
  const webdata = op({ tag, id: 'webdata', summary: 'A stored image or thumbnail (public, cached for a year)', answer: {}, errors: [404] });
  webdata.parameters = [pathParameter('name', text)];
  webdata.responses = {
    ...(webdata.responses as Obj),
    200: { description: 'The image', headers: { ETag: { schema: text }, 'Cache-Control': { schema: text } }, ...binary },
    304: { description: 'Not modified (If-None-Match)' },
  };
  return {
    '/api/upload': { post: upload },
    '/api/webdata/{name}': { get: webdata },
  };
}

/** PUT /api/user/batch: the admins' batch edit, beside the call set's POST and DELETE /batch. */
export function userBatchEdit(): Obj {
  return op({
    tag: 'user',
    id: 'userUpdateBatch',
    summary: 'Change the admin fields of several users, all or none (admins)',
    description:
      'Each user under the rules of PUT /api/user, with an audit entry each. The first refusal changes nobody and names its ' +
      'user in `field`: `[1]` (`[1].level` for a level only the root admin grants).',
    session: true,
    body: toSchema(UserBatchUpdateSchema),
    answer: okWith({ ids: { type: 'array', items: integer } }),
    errors: [403, 404],
  });
}

/** /api/admin: the admin area's own calls, every one for levels >= 3 (backups: level 5). */
export function adminPaths(): Record<string, Obj> {
  const tag = 'admin';
  const admin = { tag, session: true } as const;
  const counts = (...names: string[]): Schema => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, integer])) });
  const auditEntry: Schema = {
    type: 'object',
    properties: {
      id: integer,
      actor: integer,
      actorname: { ...text, description: "The acting admin's nickname; empty once that account is deleted." },
      action: { enum: ['update', 'delete', 'hide', 'show', 'close', 'report-restore', 'report-delete'] },
      before: { type: ['object', 'null'], description: 'The changed fields as they were.' },
      after: { type: ['object', 'null'], description: 'The changed fields as they became; null for a delete.' },
      date: text,
    },
  };
  const comment: Schema = {
    type: 'object',
    properties: {
      ...Object.fromEntries(['id', 'board', 'topcategory'].map((f) => [f, integer])),
      content: text,
      name: text,
      date: text,
      title: { ...text, description: "The post's title." },
    },
  };
  const csv = op({
    ...admin,
    id: 'adminUsersCsv',
    summary: 'The user list as CSV',
    description: 'Every page of GET /api/user under the same filters and sort, with Korean labels; UTF-8 with a BOM.',
    parameters: queryParameters(listParamsSchema(USER_LIST_SPEC)).filter((p) => p.name !== 'page' && p.name !== 'size'),
    answer: {},
    errors: [400, 403],
  });
  csv.responses = {
    ...(csv.responses as Obj),
    200: {
      description: 'The CSV, as an attachment',
      headers: { 'Content-Disposition': { schema: text } },
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
  };
  return {
    '/api/admin/dashboard': {
      get: op({
        ...admin,
        id: 'adminDashboard',
        summary: 'Sign-ups, items per section and waiting inquiries',
        description: "Sign-ups since midnight and since Monday in the site's time zone; items per section, shown and hidden.",
        answer: okWith({
          signups: counts('today', 'week'),
          sections: { type: 'array', items: { type: 'object', properties: { key: text, label: text, shown: integer, hidden: integer } } },
          inquiries: counts('waiting'),
        }),
        errors: [403],
      }),
    },
    '/api/admin/system': {
      get: op({
        ...admin,
        id: 'adminSystem',
        summary: "The operator's numbers (root admin only)",
        description:
          "Version and commit, uptime, the database's kind and size, the mail queue with the mails given up (recipients masked), this server's page-cache hits and 5xx answers in the last hour, free space in DATA_DIR.",
        answer: okWith(toSchema(SystemReportSchema).properties as Record<string, Schema>),
        errors: [403],
      }),
    },
    '/api/admin/audit': {
      get: op({
        ...admin,
        id: 'adminAudit',
        summary: "One item's last 100 admin changes, newest first",
        parameters: queryParameters(AuditQuerySchema),
        answer: okWith({ items: { type: 'array', items: auditEntry } }),
        errors: [400, 403],
      }),
    },
    '/api/admin/comments': {
      get: op({
        ...admin,
        id: 'adminComments',
        summary: "The site's newest live comments, for moderation",
        parameters: queryParameters(CommentModerationQuerySchema),
        answer: listOf(comment),
        errors: [400, 403],
      }),
    },
    '/api/admin/moderate': {
      post: op({
        ...admin,
        id: 'adminModerate',
        summary: 'Hide, show, close or delete items, all or none',
        description:
          'Every id must exist and take the action, else nothing changes: `close` is for market posts (거래완료) and jobs (마감); ' +
          'comments take only `delete` (a comment becomes "삭제된 댓글입니다"). Hidden items answer 404 to all but admins. ' +
          'Each item gets an audit entry.',
        body: toSchema(ModerateSchema),
        answer: okWith({ ids: { type: 'array', items: integer } }),
        errors: [404],
      }),
    },
    '/api/admin/users.csv': { get: csv },
    '/api/admin/backup': {
      get: op({
        ...admin,
        id: 'adminBackups',
        summary: 'The backups in DATA_DIR/backups, newest first (root admin)',
        description: 'Each with its time, database kind, schema version (the last migration), size in bytes, duration and rows per table.',
        answer: okWith({
          running: { type: 'boolean', description: 'A backup is being written now.' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: text,
                created: text,
                kind: { enum: ['sqlite', 'postgres'] },
                schema: text,
                bytes: integer,
                seconds: { type: 'number' },
                counts: { type: 'object', additionalProperties: integer },
              },
            },
          },
        }),
        errors: [403],
      }),
      post: op({
        ...admin,
        id: 'adminStartBackup',
        summary: 'Start a backup now (root admin)',
        description: '`started` is false while one is already being written; the new one shows in GET when done.',
        answer: okWith({ started: { type: 'boolean' } }),
        errors: [403],
      }),
    },
  };
}

export function healthPaths(): Record<string, Obj> {
  const answer = (code: string) => ({
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { code: { const: code }, database: { enum: ['sqlite', 'postgres'] } },
          required: ['code', 'database'],
        },
      },
    },
  });
  return {
    '/api/health': {
      get: {
        tags: ['system'],
        operationId: 'health',
        summary: 'The server and its database answer',
        responses: {
          200: { description: 'Up', ...answer('ok') },
          400: { $ref: '#/components/responses/BadRequest' },
          503: { description: 'The database does not answer', ...answer('error') },
        },
      },
    },
    '/api/live': {
      get: {
        tags: ['system'],
        operationId: 'live',
        summary: 'The server process answers (never asks the database)',
        description: 'Liveness: a failure means restart the process. Readiness (the database) is /api/health.',
        responses: {
          200: {
            description: 'Alive',
            content: {
              'application/json': { schema: { type: 'object', properties: { code: { const: 'ok' } }, required: ['code'] } },
            },
          },
          400: { $ref: '#/components/responses/BadRequest' },
        },
      },
    },
  };
}

export function searchPaths(): Record<string, Obj> {
  const tag = 'search';
  return {
    '/api/search': {
      get: op({
        tag,
        id: 'search',
        summary: 'Search every section, or page through one',
        description:
          'Korean-aware: 2-syllable words, 초성 and Latin words. Without `section`, each section answers its count and first five results; with it, a page of that section. ' +
          'Market listings and jobs past their close date are found too, with `closed: true` (shown as 마감).',
        parameters: queryParameters(SearchQuerySchema, { q: 'Words; a phrase in quotes.', section: 'One section only.' }),
        answer: okWith({
          words: { type: 'array', items: text },
          page: integer,
          size: integer,
          groups: { type: 'array', items: { type: 'object' } },
        }),
      }),
    },
  };
}
