import { USER_ADMIN_FIELDS, USER_SERVER_FIELDS, UserCreateSchema, UserUpdateSchema } from '#shared/schemas/user.ts';
import type { ContentName as ContentTable, ContentResource } from '#server/modules/content/content.types.ts';
import { listParamsSchema } from '#server/db/list-query.ts';
import { USER_LIST_SPEC } from '#server/modules/user/user.repository.ts';
import { toPublicUser, userInitdata } from '#server/modules/user/user.service.ts';
import { contentListSchema } from '#server/modules/content/content.service.ts';
import {
  type Obj,
  type Schema,
  integer,
  listOf,
  markFields,
  okWith,
  pathParameter,
  queryParameters,
  recordSchema,
  ref,
  toSchema,
  updateSchema,
} from './json-schema.ts';
import { type Call, type OpSpec, type ResourceDoc, op } from './operation.ts';
import { itemFileDownload } from './module-paths.ts';

// SPEC §7's call set as paths, for every resource that answers it (users and the five content
// resources).

/** SPEC §7's call set of one resource (routes.ts), at /api/<name>. */
export function resourcePaths(r: ResourceDoc, schemas: Record<string, Schema>): Record<string, Obj> {
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
        summary: r.attachments ? 'One item, with the files it carries (its photos and the images its text shows)' : 'One item',
        parameters: [pathParameter('id', { type: 'integer', minimum: 1 })],
        answer: okWith(r.attachments ? { item, attachments: { type: 'array', items: ref('Attachment') } } : { item }),
        errors: [403, 404],
      }),
    },
    ...(r.attachments ? { [`${base}/{id}/files/{file}`]: { get: itemFileDownload(r.name) } } : {}),
  };
}

export const READS: readonly Call[] = ['list', 'count', 'sum', 'get', 'initdata'];

export function contentDoc(def: ContentResource<ContentTable>): ResourceDoc {
  const create = markFields(toSchema(def.schema), def.serverFields, def.adminFields);
  return {
    name: def.table,
    description: `SPEC §7's call set for ${def.table}.`,
    create,
    update: updateSchema(create),
    item: recordSchema(def.initdata()),
    listQuery: contentListSchema(def.table),
    list: def.list,
    // Private items (inquiries) are read by their author and admins only.
    open: def.privateItems ? ['initdata'] : READS,
    attachments: true,
  };
}

export function userDoc(): ResourceDoc {
  return {
    name: 'user',
    description:
      'Accounts: sign-up (which logs the new member in: the session cookie, as POST /api/jwt sets it), my info, and user management for admins.',
    create: markFields(toSchema(UserCreateSchema), USER_SERVER_FIELDS, USER_ADMIN_FIELDS),
    update: markFields(toSchema(UserUpdateSchema), USER_SERVER_FIELDS, USER_ADMIN_FIELDS),
    item: recordSchema(toPublicUser(userInitdata() as never)),
    listQuery: listParamsSchema(USER_LIST_SPEC),
    list: USER_LIST_SPEC,
    // Sign-up is a visitor's create; lists and other users are for admins.
    open: ['create', 'initdata'],
  };
}
