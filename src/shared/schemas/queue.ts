import { z } from 'zod';
import { QueueActions } from '../queue.ts';
import { ScamWarnings } from '../scam-warnings.ts';
import { line, paging, positiveId } from './fields.ts';

// The review queue's calls, and the write form's scam check.

/** GET /api/admin/queue: the waiting items, oldest first. */
export const QueueListQuerySchema = z.strictObject(paging(20, { maxPage: 100_000 }));

/** PUT /api/admin/queue: one waiting item let through or kept hidden. */
export const QueueDecisionSchema = z.strictObject({
  target: line(20, '대상을 입력하세요'),
  item: positiveId,
  action: z.enum(QueueActions),
});
export type QueueDecisionInput = z.output<typeof QueueDecisionSchema>;

/** POST /api/warnings: a listing's title and text (its HTML as the editor sends it), not yet
 * saved, in one of the listing sections (market, jobs ...). */
export const WarningsCheckSchema = z.strictObject({
  target: line(20, '게시판을 입력하세요'),
  title: z.string().max(1_000).default(''),
  content: z.string().max(400_000).default(''),
});
export type WarningsCheckInput = z.output<typeof WarningsCheckSchema>;

/** POST /api/admin/scam-phrases: a phrase an admin adds to a caution. */
export const ScamPhraseSchema = z.strictObject({
  key: z.enum(ScamWarnings, { error: '경고 종류를 고르세요' }),
  phrase: z
    .string({ error: '문구를 입력하세요' })
    .transform((s) => s.normalize('NFC').replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(2, { error: '문구는 2자 이상이어야 합니다' }).max(40, { error: '문구는 40자까지 쓸 수 있습니다' })),
});
export type ScamPhraseInput = z.output<typeof ScamPhraseSchema>;
