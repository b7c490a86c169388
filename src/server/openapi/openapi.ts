import { z } from 'zod';
import { ErrorKey } from '#shared/messages.ts';
import { AuditQuerySchema, CommentModerationQuerySchema, ModerateSchema } from '#shared/schemas/admin.ts';
import { CommentSaveSchema, LikeTargets, LikeToggleSchema } from '#shared/schemas/content.ts';
import { positiveId } from '#shared/schemas/fields.ts';
import {
  CheckCodeSchema,
  IdBodySchema,
  IdListSchema,
  LoginSchema,
  ResetPasswordSchema,
  SendCodeSchema,
  USER_ADMIN_FIELDS,
  USER_SERVER_FIELDS,
  UserBatchUpdateSchema,
  UserCreateSchema,
  UserUpdateSchema,
} from '#shared/schemas/user.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '#server/lib/images.ts';
import type { ContentName as ContentTable, ContentResource } from '#server/modules/content/content.types.ts';
import { CONTENT_RESOURCES } from '#server/modules/content/content-resources.ts';
import { type ListSpec, listParamsSchema } from '#server/db/list-query.ts';
import { MAX_FILES } from '#server/modules/upload/upload.service.ts';
import { USER_LIST_SPEC } from '#server/modules/user/user.repository.ts';
import { toPublicUser, userInitdata } from '#server/modules/user/user.service.ts';

// The OpenAPI 3.1 description of /api, built from the zod schemas that validate requests and the
// resource definitions that mount the routes, so a new field or resource shows up here by itself.

type Schema = z.core.JSONSchema.JSONSchema;
type Obj = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const integer: Schema = { type: 'integer' };
const text: Schema = { type: 'string' };

/** Longer than any text we take: the upper end when a text's limit lives in a refinement only. */
const PROBE_LENGTH = 100_000;
/** SPEC §3 codes are small positive integers. */
const CODE_PROBE = Array.from({ length: 64 }, (_, i) => i);

/** JSON Schema cannot express refinements, so the document asks the schema itself what it takes:
 * a SPEC §3 code accepts a few integers (topcategory 1-8); a text counts characters after trimming
 * and may be required non-empty, where zod reports only its code-unit pre-check. */
function refinementHints(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: Schema }): void {
  const json = ctx.jsonSchema;
  // `.int()` bounds to safe integers: true, and noise in every id and code.
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  const def = ctx.zodSchema._zod.def;
  const accepts = (value: unknown) => z.safeParse(ctx.zodSchema, value).success;
  // zod leaves out the default of a transforming field (it is an output value); ours are valid
  // inputs too, and without them the page's examples show `price: 1000000000000`.
  if (def.type === 'default' && json.default === undefined && accepts(def.defaultValue))
    json.default = def.defaultValue as Schema['default'];
  if (!def.checks?.some((c) => c._zod.def.check === 'custom')) return;
  if (json.type === 'integer') {
    const codes = CODE_PROBE.filter(accepts);
    if (codes.length > 0 && !accepts(CODE_PROBE.length)) json.enum = codes;
  } else if (json.type === 'string') {
    const fits = (n: number) => accepts('1'.repeat(n));
    let min = 0;
    while (min < 16 && !fits(min)) min++;
    // Refused for its form (an e-mail address, a pattern), not its length: nothing to learn.
    if (!fits(min)) return;
    if (min > 0) json.minLength = min;
    const bound = json.maxLength ?? PROBE_LENGTH;
    if (fits(bound)) return;
    let [lo, hi] = [min, bound - 1];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid - 1;
    }
    json.maxLength = lo;
  }
}

/** What a client may send, as JSON Schema (coerced numbers show as numbers). */
export function toSchema(schema: z.ZodType): Schema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: refinementHints });
  return json;
}

/** One query parameter per property of an object schema. */
function queryParameters(schema: z.ZodType, descriptions: Record<string, string> = {}): Obj[] {
  const json = toSchema(schema);
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
    ...(descriptions[name] && { description: descriptions[name] }),
  }));
}

function pathParameter(name: string, schema: Schema, description?: string): Obj {
  return { name, in: 'path', required: true, schema, ...(description && { description }) };
}

/** The fields the server keeps for itself and those only admins set, marked in a body schema. */
function markFields(json: Schema, serverFields: readonly string[], adminFields: readonly string[]): Schema {
  const properties = { ...json.properties };
  for (const f of serverFields) properties[f] = { readOnly: true, description: 'Kept by the server: a copy sent back is ignored.' };
  for (const f of adminFields) properties[f] = { ...(properties[f] as Schema), description: 'Admins only; others keep the default.' };
  return { ...json, properties };
}

/** An update: the create body merged over the stored item, so only a positive id is required. */
function updateSchema(create: Schema): Schema {
  return {
    ...create,
    description: 'Fields left out keep their stored values.',
    properties: { ...create.properties, id: { type: 'integer', minimum: 1 } },
    required: ['id'],
  };
}

/** The shape of a stored item, read off the defaults initdata answers. */
function recordSchema(example: Obj): Schema {
  const type = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : 'string');
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(example).map(([k, v]) => [k, { type: type(v) }])),
    example,
  };
}

function okWith(properties: Record<string, Schema>, required = Object.keys(properties)): Schema {
  return { allOf: [ref('Ok'), { type: 'object', properties, required }] };
}

const listOf = (item: Schema): Schema => ({
  allOf: [ref('List'), { type: 'object', properties: { items: { type: 'array', items: item } } }],
});

const ERROR_RESPONSES: Record<number, [name: string, description: string]> = {
  400: ['BadRequest', 'Bad input: `field` names the field at fault (`[2].title` in a batch), `detail` says why.'],
  401: ['Unauthorized', 'No valid session, or (login) wrong credentials.'],
  403: ['Forbidden', 'Not allowed for this user, or a write carried by the session cookie from another origin.'],
  404: ['NotFound', 'No such item, or not visible to this user.'],
  413: ['TooLarge', 'The body or a file is too large.'],
  415: ['UnsupportedMediaType', 'The body must be `application/json`.'],
  429: ['TooManyRequests', 'Too many attempts; try again after `Retry-After` seconds.'],
};

/** Calls that need a signed-in user; the others also take a visitor. */
const SESSION = [{ bearerAuth: [] }, { cookieAuth: [] }];

interface OpSpec {
  tag: string;
  /** operationId: names the call in generated clients and in the page's deep links. */
  id: string;
  summary: string;
  description?: string;
  /** Refused with 401 without a session. */
  session?: boolean;
  parameters?: Obj[];
  /** A JSON body; adds 400, 413, 415 and the cross-origin cookie 403. */
  body?: Schema;
  /** The 200 answer. */
  answer: Schema;
  /** Further refusals this call makes. */
  errors?: number[];
  deprecated?: boolean;
}

function op(s: OpSpec): Obj {
  const errors = new Set([...(s.errors ?? []), ...(s.body ? [400, 403, 413, 415] : []), ...(s.session ? [401] : [])]);
  return {
    tags: [s.tag],
    operationId: s.id,
    summary: s.summary,
    ...(s.description && { description: s.description }),
    ...(s.deprecated && { deprecated: true }),
    ...(s.session && { security: SESSION }),
    ...(s.parameters && { parameters: s.parameters }),
    ...(s.body && { requestBody: { required: true, content: { 'application/json': { schema: s.body } } } }),
    responses: {
      200: { description: 'ok', content: { 'application/json': { schema: s.answer } } },
      ...Object.fromEntries(
        [...errors].sort((a, b) => a - b).map((status) => [status, { $ref: `#/components/responses/${ERROR_RESPONSES[status]![0]}` }]),
      ),
    },
  };
}

type Call = 'create' | 'createBatch' | 'update' | 'remove' | 'removeBatch' | 'list' | 'count' | 'sum' | 'get' | 'initdata';

interface ResourceDoc {
  name: string;
  description: string;
  create: Schema;
  update: Schema;
  item: Schema;
  listQuery: z.ZodType;
  list: ListSpec<any>;
  /** Calls a visitor may make. */
  open: readonly Call[];
}

/** SPEC §7's call set of one resource (routes.ts), at /api/<name>. */
function resourcePaths(r: ResourceDoc, schemas: Record<string, Schema>): Record<string, Obj> {
  const Name = r.name.charAt(0).toUpperCase() + r.name.slice(1);
  schemas[`${Name}Create`] = r.create;
  schemas[`${Name}Update`] = r.update;
  schemas[Name] = r.item;
  const item = ref(Name);
  const filters = [...r.list.filters, ...(r.list.textFilters ?? [])];
  const listParameters = queryParameters(r.listQuery, {
    sort: 'A sortable field; a leading `-` sorts descending.',
    keyword: `Matched against ${r.list.keyword.join(', ')}.`,
    hidden: 'Admins only: 1 lists the hidden items instead.',
    ...Object.fromEntries(filters.map((f: string) => [f, `Only items whose ${f} equals this.`])),
  });
  const call = (c: Call, s: Omit<OpSpec, 'tag' | 'id' | 'session'>) =>
    op({ ...s, tag: r.name, id: `${r.name}${c.charAt(0).toUpperCase()}${c.slice(1)}`, session: !r.open.includes(c) });
  const writeErrors = [403, 404];
  const base = `/api/${r.name}`;
  return {
    [base]: {
      get: call('list', {
        summary: 'List, a page at a time',
        parameters: listParameters,
        answer: listOf(item),
        errors: [400],
      }),
      post: call('create', { summary: 'Create (id 0)', body: ref(`${Name}Create`), answer: okWith({ id: integer }), errors: [403] }),
      put: call('update', { summary: 'Update (id > 0)', body: ref(`${Name}Update`), answer: okWith({ item }), errors: writeErrors }),
      delete: call('remove', { summary: 'Delete one', body: ref('IdBody'), answer: okWith({ id: integer }), errors: writeErrors }),
    },
    [`${base}/batch`]: {
      post: call('createBatch', {
        summary: 'Create several, all or none',
        body: { type: 'array', minItems: 1, items: ref(`${Name}Create`) },
        answer: okWith({ ids: { type: 'array', items: integer } }),
        errors: [403],
      }),
      delete: call('removeBatch', {
        summary: 'Delete several, all or none',
        body: { anyOf: [ref('IdList'), { type: 'object', properties: { ids: ref('IdList') }, required: ['ids'] }] },
        answer: okWith({ ids: { type: 'array', items: integer } }),
        errors: writeErrors,
      }),
    },
    [`${base}/count`]: {
      get: call('count', {
        summary: 'Count under the list parameters',
        parameters: listParameters,
        answer: okWith({ total: integer }),
        errors: [400],
      }),
    },
    [`${base}/sum`]: {
      get: call('sum', {
        summary: 'Totals of the numeric fields under the list parameters',
        parameters: listParameters,
        answer: okWith({
          total: integer,
          sum: { type: 'object', properties: Object.fromEntries(r.list.sums.map((f: string) => [f, { type: 'number' }])) },
        }),
        errors: [400],
      }),
    },
    [`${base}/initdata`]: {
      get: call('initdata', { summary: 'A new item with the defaults of SPEC §3', answer: okWith({ item }) }),
    },
    [`${base}/{id}`]: {
      get: call('get', {
        summary: 'One item',
        parameters: [pathParameter('id', { type: 'integer', minimum: 1 })],
        answer: okWith({ item }),
        errors: [403, 404],
      }),
    },
  };
}

const READS: readonly Call[] = ['list', 'count', 'sum', 'get', 'initdata'];

function contentDoc(def: ContentResource<ContentTable>): ResourceDoc {
  const create = markFields(toSchema(def.schema), def.serverFields, def.adminFields);
  return {
    name: def.table,
    description: `SPEC §7's call set for ${def.table}.`,
    create,
    update: updateSchema(create),
    item: recordSchema(def.initdata()),
    // content-resource.ts adds the admins' `hidden` flag to every content list.
    listQuery: listParamsSchema(def.list, { hidden: z.coerce.number().int().min(0).max(1).optional(), ...def.listParams }),
    list: def.list,
    // Private items (inquiries) are read by their author and admins only.
    open: def.privateItems ? ['initdata'] : READS,
  };
}

function userDoc(): ResourceDoc {
  return {
    name: 'user',
    description: 'Accounts: sign-up, my info, and user management for admins.',
    create: markFields(toSchema(UserCreateSchema), USER_SERVER_FIELDS, USER_ADMIN_FIELDS),
    update: markFields(toSchema(UserUpdateSchema), USER_SERVER_FIELDS, USER_ADMIN_FIELDS),
    item: recordSchema(toPublicUser(userInitdata() as never)),
    listQuery: listParamsSchema(USER_LIST_SPEC),
    list: USER_LIST_SPEC,
    // Sign-up is a visitor's create; lists and other users are for admins.
    open: ['create', 'initdata'],
  };
}

/** /api/user's e-mail code calls: each legacy GET has a POST twin with a JSON body. */
function codePaths(): Record<string, Obj> {
  const tag = 'user';
  const legacy = 'SPEC §7, kept for compatibility: the address or code sits in the URL. Use the POST.';
  const sent = okWith({ id: { ...integer, description: 'The code id, for checkpassword.' } });
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

function authPaths(): Record<string, Obj> {
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

// comment.service.ts and like.service.ts keep their query and edit schemas private; these
// mirror them, built from the same shared parts.
const CommentListQuery = z.strictObject({
  board: positiveId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
const CommentEdit = z.strictObject({ id: positiveId, content: CommentSaveSchema.shape.content });
const MyLikesQuery = z.strictObject({
  target: z.enum(LikeTargets).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
const LikeStatusQuery = z.strictObject({
  target: z.enum(LikeTargets),
  items: z.string().regex(/^\d{1,15}(,\d{1,15}){0,99}$/),
});

function commentPaths(): Record<string, Obj> {
  const tag = 'comment';
  return {
    '/api/comment': {
      get: op({
        tag,
        id: 'commentList',
        summary: "A post's comments, each with its replies",
        parameters: queryParameters(CommentListQuery),
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
        body: toSchema(CommentEdit),
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
  };
}

function likePaths(): Record<string, Obj> {
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
        parameters: queryParameters(MyLikesQuery),
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
        parameters: queryParameters(LikeStatusQuery, { items: 'Comma-separated ids, at most 100.' }),
        answer: okWith({ liked: { type: 'array', items: integer } }),
        errors: [400],
      }),
    },
  };
}

function uploadPaths(): Record<string, Obj> {
  const tag = 'upload';
  const mimes = Object.values(IMAGE_TYPES).map((t) => t.mime);
  const binary = { content: Object.fromEntries(mimes.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])) };
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
  const download = op({
    tag,
    id: 'uploadDownload',
    summary: 'Download an upload under its original name',
    session: true,
    answer: {},
    errors: [404],
  });
  download.parameters = [pathParameter('id', { type: 'integer', minimum: 1 })];
  download.responses = {
    ...(download.responses as Obj),
    200: { description: 'The file, as an attachment', headers: { 'Content-Disposition': { schema: text } }, ...binary },
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
    '/api/upload/{id}/download': { get: download },
    '/api/webdata/{name}': { get: webdata },
  };
}

/** PUT /api/user/batch: the admins' batch edit, beside the call set's POST and DELETE /batch. */
function userBatchEdit(): Obj {
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

/** /api/admin: the admin area's own calls, every one for levels >= 3. */
function adminPaths(): Record<string, Obj> {
  const tag = 'admin';
  const admin = { tag, session: true } as const;
  const counts = (...names: string[]): Schema => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, integer])) });
  const auditEntry: Schema = {
    type: 'object',
    properties: {
      id: integer,
      actor: integer,
      actorname: { ...text, description: "The acting admin's nickname; empty once that account is deleted." },
      action: { enum: ['update', 'delete', 'hide', 'show', 'close'] },
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
  };
}

function healthPaths(): Record<string, Obj> {
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
          503: { description: 'The database does not answer', ...answer('error') },
        },
      },
    },
  };
}

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
    ...uploadPaths(),
    ...adminPaths(),
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
      { name: 'comment', description: 'Comments on board posts' },
      { name: 'like', description: 'Likes on board posts, jobs and businesses' },
      { name: 'upload', description: 'Images' },
      { name: 'admin', description: 'The admin area: dashboard, audit log, moderation, user export (levels 3 and up)' },
    ],
    // A visitor may call anything not marked otherwise; a session, when sent, identifies the user.
    security: [...SESSION, {}],
    paths,
    components: components(schemas),
  };
}
