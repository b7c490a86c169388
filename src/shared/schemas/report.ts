import { z } from 'zod';
import { REPORT_DETAIL_MAX, ReportMessages, ReportReasons, ReportTargets } from '../reports.ts';
import { paging, positiveId, text } from './fields.ts';

// Reports (신고): what a member sends, and the admin's list and decisions.

/** POST /api/report: one item, one reason; 기타 says what in `detail`. */
export const ReportSaveSchema = z
  .strictObject({
    target: z.enum(ReportTargets),
    item: positiveId,
    reason: z.enum(ReportReasons, { error: ReportMessages.reasonRequired }),
    detail: text(REPORT_DETAIL_MAX).default(''),
  })
  .refine((r) => r.reason !== 'other' || r.detail.length > 0, { path: ['detail'], error: ReportMessages.otherNeedsDetail });
export type ReportSaveInput = z.output<typeof ReportSaveSchema>;

/** GET /api/admin/report: reported items, most reported first. */
export const ReportListQuerySchema = z.strictObject(paging(20, { maxPage: 100_000 }));

/** POST /api/admin/report/restore and /delete: one reported item. */
export const ReportDecisionSchema = z.strictObject({ target: z.enum(ReportTargets), item: positiveId });
export type ReportDecisionInput = z.output<typeof ReportDecisionSchema>;
