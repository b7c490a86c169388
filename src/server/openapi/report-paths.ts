import { REPORT_HIDE_AT_DEFAULT } from '#shared/reports.ts';
import { ReportDecisionSchema, ReportListQuerySchema, ReportSaveSchema } from '#shared/schemas/report.ts';
import { type Obj, type Schema, integer, okWith, queryParameters, ref, text, toSchema } from './json-schema.ts';
import { op } from './operation.ts';

/** /api/report and /api/admin/report (PRODUCT.md, beyond the spec: reports). */
export function reportPaths(): Record<string, Obj> {
  const entry: Schema = {
    type: 'object',
    properties: {
      target: text,
      item: integer,
      reports: { ...integer, description: 'How many members reported it.' },
      last: { ...text, description: 'The latest report (ISO 8601, UTC).' },
      title: { ...text, description: "The item's title; a comment's opening words. Empty once the item is gone." },
      link: { ...text, description: 'Where it is read; empty once it is gone.' },
      hidden: { ...integer, description: '0 shown, 1 hidden by a moderator, 2 held for review after reports, -1 gone.' },
      reasons: {
        type: 'array',
        items: { type: 'object', properties: { reason: text, label: text, detail: text, date: text } },
      },
      warnings: {
        type: 'array',
        description: 'What the scam checks found when a listing was last saved; empty for anything else.',
        items: { type: 'object', properties: { key: text, phrase: text } },
      },
      conversation: {
        type: 'object',
        description: 'A reported conversation only: its members and newest messages, the one place an admin reads them.',
        properties: {
          members: { type: 'array', items: { type: 'object', properties: { id: integer, nickname: text } } },
          messages: {
            type: 'array',
            items: { type: 'object', properties: { id: integer, user: integer, nickname: text, content: text, date: text } },
          },
        },
      },
    },
  };
  const admin = { tag: 'admin', session: true } as const;
  return {
    '/api/report': {
      post: op({
        tag: 'report',
        id: 'reportAdd',
        summary: 'Report a post, comment, job, listing, business or conversation',
        description:
          `Members only, once per item (a second is a 400 \`already\` on \`item\`); 기타 (\`other\`) needs \`detail\`. ` +
          `At REPORT_HIDE_AT (default ${REPORT_HIDE_AT_DEFAULT}) members' reports the item is hidden for review: out of every list, ` +
          'search, the sitemap and the feeds, 404 for all but its author and admins. A conversation is reported by one of its ' +
          'members (anyone else: 404) and never held: it waits on the admin list. Counts against the write limits.',
        session: true,
        body: toSchema(ReportSaveSchema),
        answer: okWith({ reported: { type: 'boolean' }, hidden: { type: 'boolean', description: 'Whether the item is now held.' } }),
        errors: [404, 429],
      }),
    },
    '/api/admin/report': {
      get: op({
        ...admin,
        id: 'adminReportList',
        summary: 'Reported items, most reported first, with their reasons',
        parameters: queryParameters(ReportListQuerySchema),
        answer: { allOf: [ref('List'), { type: 'object', properties: { items: { type: 'array', items: entry } } }] },
        errors: [403],
      }),
    },
    '/api/admin/report/restore': {
      post: op({
        ...admin,
        id: 'adminReportRestore',
        summary: 'Show a reported item again and clear its reports (audited; reporters are not told)',
        body: toSchema(ReportDecisionSchema),
        answer: okWith({ restored: { type: 'boolean' } }),
        errors: [403, 404],
      }),
    },
    '/api/admin/report/delete': {
      post: op({
        ...admin,
        id: 'adminReportDelete',
        summary: 'Delete a reported item as the admin delete does (audited); its author is notified',
        body: toSchema(ReportDecisionSchema),
        answer: okWith({ deleted: { type: 'boolean' } }),
        errors: [403, 404],
      }),
    },
  };
}
