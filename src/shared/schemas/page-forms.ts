import { z } from 'zod';
import { CommentSaveSchema } from './content.ts';
import { queryPositiveId } from './fields.ts';
import { ListingTables } from '../freshness.ts';
import { ReportTargets } from '../reports.ts';
import { ConversationTargets } from '../conversations.ts';

// What a post's page posts without JavaScript (routes/section-detail.tsx's action): the same
// fields as POST/PUT/DELETE /api/comment and POST /api/like, as the text a form sends. The post
// and its kind come from the page's own path.

const content = CommentSaveSchema.shape.content;
const confirmed = z.literal('1').optional();

/** 끌어올리기 (a listing's page, my page's list of listings): which listing. */
export const BumpFormSchema = z.strictObject({ intent: z.literal('bump'), table: z.enum(ListingTables), id: queryPositiveId });

export const DetailFormSchema = z.discriminatedUnion('intent', [
  BumpFormSchema,
  /** A comment, or with `parent` a reply (답글) to one. */
  z.strictObject({ intent: z.literal('comment'), parent: queryPositiveId.optional(), content }),
  z.strictObject({ intent: z.literal('edit-comment'), id: queryPositiveId, content }),
  /** Deleting asks first: the form without `confirmed` only brings up the question. */
  z.strictObject({ intent: z.literal('delete-comment'), id: queryPositiveId, confirmed }),
  z.strictObject({ intent: z.literal('delete-post'), confirmed }),
  z.strictObject({ intent: z.literal('like') }),
  /** 신고: the reason and text are checked by ReportSaveSchema, as the API checks them. */
  z.strictObject({
    intent: z.literal('report'),
    target: z.enum(ReportTargets),
    item: queryPositiveId,
    reason: z.string().optional(),
    detail: z.string().optional(),
  }),
]);
export type DetailForm = z.output<typeof DetailFormSchema>;

/** 채팅하기 / 쪽지 보내기 without JavaScript (routes/messages.tsx): POST /api/conversation's
 * fields as the text a form sends. */
export const ConversationStartFormSchema = z.union([
  z.strictObject({ intent: z.literal('start'), target: z.enum(ConversationTargets), item: queryPositiveId }),
  z.strictObject({ intent: z.literal('start'), user: queryPositiveId }),
]);
