import { z } from 'zod';
import { PROFILE_POSTS } from '../trust.ts';
import { paging } from './fields.ts';

// A member's profile (PRODUCT.md "Members and trust").

/** GET /api/member/{id}: the page of their posts. */
export const MemberProfileQuerySchema = z.strictObject(paging(PROFILE_POSTS, { maxSize: 50, maxPage: 100_000 }));
export type MemberProfileQuery = z.output<typeof MemberProfileQuerySchema>;
