import { QueueActions, QueueReasons } from '#shared/queue.ts';
import { ScamWarnings } from '#shared/scam-warnings.ts';
import { QueueDecisionSchema, QueueListQuerySchema, ScamPhraseSchema, WarningsCheckSchema } from '#shared/schemas/queue.ts';
import { ReportListQuerySchema } from '#shared/schemas/report.ts';
import { type Obj, type Schema, integer, okWith, pathParameter, queryParameters, ref, text, toSchema } from './json-schema.ts';
import { op } from './operation.ts';

/** /api/warnings, /api/admin/queue, /api/admin/report/warned and /api/admin/scam-phrases (PRODUCT.md
 * "Scam defence"). */
export function queuePaths(): Record<string, Obj> {
  const warning: Schema = {
    type: 'object',
    properties: { key: { type: 'string', enum: [...ScamWarnings] }, phrase: { ...text, description: 'The words that earned it.' } },
  };
  const linked: Schema = { type: 'object', properties: { target: text, item: integer, title: text, link: text } };
  const entry: Schema = {
    type: 'object',
    properties: {
      target: { ...text, description: "The item's kind: board (the market), jobs, housing ..." },
      item: integer,
      reason: {
        type: 'string',
        enum: [...QueueReasons],
        description: 'first (APPROVE_FIRST), mule (a money-mule offer), photo (a copied photo).',
      },
      label: text,
      title: text,
      link: text,
      user: { type: 'object', properties: { id: integer, nickname: text } },
      date: { ...text, description: 'When it started waiting (ISO 8601, UTC).' },
      warnings: { type: 'array', items: warning },
      duplicate: { ...linked, description: "A copied photo only: the other member's listing that shows it." },
    },
  };
  const warned: Schema = {
    type: 'object',
    properties: {
      target: entry.properties!.target!,
      item: integer,
      title: text,
      link: text,
      user: entry.properties!.user!,
      date: { ...text, description: 'Its latest save (ISO 8601, UTC).' },
      warnings: { type: 'array', items: warning, description: "What its latest save's checks found." },
    },
  };
  const admin = { tag: 'admin', session: true } as const;
  return {
    '/api/warnings': {
      post: op({
        tag: 'report',
        id: 'warningsCheck',
        summary: "Check a listing's title and text for what scams use, before publishing",
        description:
          'Members only. `target` is a listing section (market, jobs, housing ...); the text is the HTML the editor sends. ' +
          "The listing's create and update answers carry the same `warnings`; a create that must wait for an admin also answers `held: true`.",
        session: true,
        body: toSchema(WarningsCheckSchema),
        answer: okWith({ warnings: { type: 'array', items: warning } }),
        errors: [401],
      }),
    },
    '/api/admin/queue': {
      get: op({
        ...admin,
        id: 'adminQueueList',
        summary: 'Items waiting for an admin before anyone else sees them, oldest first',
        parameters: queryParameters(QueueListQuerySchema),
        answer: { allOf: [ref('List'), { type: 'object', properties: { items: { type: 'array', items: entry } } }] },
        errors: [403],
      }),
      put: op({
        ...admin,
        id: 'adminQueueDecide',
        summary: 'Approve (shown to everyone) or reject (kept hidden, not deleted) a waiting item; audited, its author notified',
        body: toSchema(QueueDecisionSchema),
        answer: okWith({ action: { type: 'string', enum: [...QueueActions] } }),
        errors: [403, 404],
      }),
    },
    '/api/admin/report/warned': {
      get: op({
        ...admin,
        id: 'adminWarnedListings',
        summary: 'Listings published with a scam caution, newest first, with the phrases found',
        parameters: queryParameters(ReportListQuerySchema),
        answer: { allOf: [ref('List'), { type: 'object', properties: { items: { type: 'array', items: warned } } }] },
        errors: [403],
      }),
    },
    '/api/admin/scam-phrases': {
      get: op({
        ...admin,
        id: 'adminScamPhrases',
        summary: 'The phrases admins added to the scam cautions, checked with the built-in ones',
        answer: okWith({
          items: {
            type: 'array',
            items: { type: 'object', properties: { id: integer, key: warning.properties!.key!, phrase: text, date: text } },
          },
        }),
        errors: [403],
      }),
      post: op({
        ...admin,
        id: 'adminScamPhraseAdd',
        summary: 'Add a phrase to a caution; every app server checks with it from its next write; audited',
        description: 'Found in any letter case. A phrase the caution has already answers 400 `already`.',
        body: toSchema(ScamPhraseSchema),
        answer: okWith({ id: integer }),
        errors: [403],
      }),
    },
    '/api/admin/scam-phrases/{id}': {
      delete: op({
        ...admin,
        id: 'adminScamPhraseRemove',
        summary: "Remove an admin's phrase; audited",
        parameters: [pathParameter('id', integer)],
        answer: okWith({ id: integer }),
        errors: [403, 404],
      }),
    },
  };
}
