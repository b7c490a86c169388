import { z } from 'zod';
import { SUSPEND_DAYS_MAX, SUSPEND_REASON_MAX } from '../trust.ts';
import { integer } from './fields.ts';

/** POST /api/admin/user/{id}/suspend: for how many days and why; `days: 0` ends a suspension. */
export const SuspendSchema = z
  .strictObject({
    days: integer(0, SUSPEND_DAYS_MAX),
    reason: z.string().trim().max(SUSPEND_REASON_MAX).default(''),
  })
  .refine((s) => s.days === 0 || s.reason !== '', { error: '정지 사유를 적어 주세요', path: ['reason'] });
export type SuspendInput = z.output<typeof SuspendSchema>;
