import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_RATINGS, REVIEW_TAGS } from '../trust.ts';
import { SectionTables } from './content.ts';
import { code, positiveId } from './fields.ts';

// Closing a sale with a buyer and the reviews its two parties leave each other (PRODUCT.md
// "Members and trust").

/** PUT /api/<kind>/{id}/sold: 거래완료, with the buyer if the seller names one. */
export const SoldSchema = z.strictObject({ buyer: positiveId.optional() });
export type SoldInput = z.output<typeof SoldSchema>;

/** POST /api/review: one party's review of the other after a sale. */
export const ReviewSaveSchema = z.strictObject({
  // The kinds sold with a buyer are the server's to say (a resource's `close.buyer`).
  target: z.enum(SectionTables),
  item: positiveId,
  rating: code(REVIEW_RATINGS),
  tags: z
    .array(code(REVIEW_TAGS))
    .max(REVIEW_TAGS.length)
    .default([])
    .transform((tags) => [...new Set(tags)].sort((a, b) => a - b)),
  content: z.string().trim().max(REVIEW_CONTENT_MAX).default(''),
});
export type ReviewSaveInput = z.output<typeof ReviewSaveSchema>;
