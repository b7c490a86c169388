import { z } from 'zod';
import { BUSINESS_RATING_MAX, BUSINESS_REVIEW_MAX, BUSINESS_REVIEW_MIN } from '../trust.ts';
import { integer } from './fields.ts';

// Business reviews (PRODUCT.md "Members and trust"): a member's rating and text of a business,
// and its owner's one answer.

const reviewText = z
  .string()
  .trim()
  .min(BUSINESS_REVIEW_MIN, { error: `${BUSINESS_REVIEW_MIN}자 이상 써 주세요` })
  .max(BUSINESS_REVIEW_MAX, { error: `${BUSINESS_REVIEW_MAX}자까지 쓸 수 있습니다` });

/** POST /api/business/{id}/review. */
export const BusinessReviewSaveSchema = z.strictObject({
  rating: integer(1, BUSINESS_RATING_MAX),
  content: reviewText,
});
export type BusinessReviewSaveInput = z.output<typeof BusinessReviewSaveSchema>;

/** PUT /api/review/{id}/reply: the business owner's answer. */
export const ReviewReplySchema = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, { error: '답글을 입력하세요' })
    .max(BUSINESS_REVIEW_MAX, { error: `${BUSINESS_REVIEW_MAX}자까지 쓸 수 있습니다` }),
});
export type ReviewReplyInput = z.output<typeof ReviewReplySchema>;
