import type { z } from 'zod';
import type { ListSpec } from '#server/db/list-query.ts';
import type { Obj, Schema } from './json-schema.ts';

// One operation of the document: its refusals (by status), session and body.

export const ERROR_RESPONSES: Record<number, [name: string, description: string]> = {
  400: ['BadRequest', 'Bad input: `field` names the field at fault (`[2].title` in a batch), `detail` says why.'],
  401: ['Unauthorized', 'No valid session, or (login) wrong credentials.'],
  403: ['Forbidden', 'Not allowed for this user, or a write carried by the session cookie from another origin.'],
  404: ['NotFound', 'No such item, or not visible to this user.'],
  413: ['TooLarge', 'The body or a file is too large.'],
  415: ['UnsupportedMediaType', 'The body must be `application/json`.'],
  429: ['TooManyRequests', 'Too many attempts; try again after `Retry-After` seconds.'],
};

/** Calls that need a signed-in user; the others also take a visitor. */
export const SESSION = [{ bearerAuth: [] }, { cookieAuth: [] }];

export interface OpSpec {
  tag: string;
  /** operationId: names the call in generated clients and in the page's deep links. */
  id: string;
  summary: string;
  description?: string;
  /** Refused with 401 without a session. */
  session?: boolean;
  parameters?: Obj[];
  /** A JSON body; adds 413, 415 and the cross-origin cookie 403. */
  body?: Schema;
  /** The 200 answer. */
  answer: Schema;
  /** Further refusals this call makes. */
  errors?: number[];
  deprecated?: boolean;
}

export function op(s: OpSpec): Obj {
  // Every call refuses a malformed query string (a NUL byte, a parameter it does not take) with 400.
  const errors = new Set([400, ...(s.errors ?? []), ...(s.body ? [403, 413, 415] : []), ...(s.session ? [401] : [])]);
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

export type Call = 'create' | 'createBatch' | 'update' | 'remove' | 'removeBatch' | 'list' | 'count' | 'sum' | 'get' | 'initdata';

export interface ResourceDoc {
  name: string;
  description: string;
  create: Schema;
  update: Schema;
  item: Schema;
  listQuery: z.ZodType;
  list: ListSpec<any>;
  /** Calls a visitor may make. */
  open: readonly Call[];
  /** The content resources' GET /{id} also lists the item's files. */
  attachments?: boolean;
}
