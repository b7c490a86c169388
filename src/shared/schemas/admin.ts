import { z } from 'zod';
import { DATE_RANGE_ORDER, dateRangeInOrder, dateRangeShape, paging, positiveId, queryPositiveId } from './fields.ts';

// The admin area's own inputs (/api/admin): checked by the server, described in the OpenAPI
// document and typed in the admin screens from these schemas.

export const ModerationTargets = ['board', 'jobs', 'business', 'housing', 'comment'] as const;
export type ModerationTarget = (typeof ModerationTargets)[number];

export const ModerationActions = ['hide', 'show', 'delete', 'close'] as const;
export type ModerationAction = (typeof ModerationActions)[number];

/** POST /api/admin/moderate: one action over many items of one kind. */
export const ModerateSchema = z.strictObject({
  target: z.enum(ModerationTargets),
  ids: z.array(positiveId).min(1).max(500),
  action: z.enum(ModerationActions),
});
export type ModerateInput = z.infer<typeof ModerateSchema>;

/** GET /api/admin/audit: one item's changes: users, the moderated kinds, and inquiries, schedule
 * entries and scam phrases an admin changed. */
export const AuditQuerySchema = z.strictObject({
  target: z.enum(['users', ...ModerationTargets, 'inquiry', 'mainschedule', 'scam_phrase']),
  item: queryPositiveId,
});

/** GET /api/admin/comments: a page of the site's newest comments, optionally those written from
 * `from` 00:00:00 to `to` 23:59:59 (SPEC §9's default range) like the other admin lists. */
export const CommentModerationQuerySchema = z.strictObject({ ...paging(20), ...dateRangeShape }).refine(dateRangeInOrder, DATE_RANGE_ORDER);
