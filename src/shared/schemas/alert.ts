import { z } from 'zod';
import { ALERT_KEYWORD_MAX, ALERT_SECTIONS, AlertMailModes } from '../alerts.ts';
import { parseSearchQuery } from '../search-text.ts';
import { line, positiveId } from './fields.ts';

// Keyword alerts: what a member sends to follow a keyword, and to stop.

const sectionKeys = ALERT_SECTIONS.map((s) => s.key) as [string, ...string[]];

/** Hangul jamo, conjoining and compatibility (ㄱ, ㅏ): typed alone, not letters of any word. */
const JAMO_ONLY = /^[\u1100-\u11ff\u3131-\u318e]+$/;

/** Whether a keyword's letters are jamo only (ㄱ, ㅋㅋ): posts are written in whole syllables, so
 * such a keyword would never tell anyone of anything (issue #32). */
export function isJamoOnly(keyword: string): boolean {
  return JAMO_ONLY.test(keyword.replace(/[^\p{L}\p{N}]/gu, ''));
}

/** POST /api/alert: a keyword (read as search reads it), all sections ('') or one, and the mail. */
export const AlertSaveSchema = z.strictObject({
  keyword: line(ALERT_KEYWORD_MAX, '키워드를 입력하세요')
    .refine((k) => !isJamoOnly(k), { error: '자음이나 모음만으로는 키워드를 등록할 수 없습니다. 완성된 글자로 입력하세요', abort: true })
    .refine((k) => parseSearchQuery(k).phrases.length > 0, { error: '글자나 숫자가 들어간 키워드를 입력하세요' }),
  section: z.union([z.literal(''), z.enum(sectionKeys)]).default(''),
  mail: z.enum(AlertMailModes).default('none'),
});
export type AlertSaveInput = z.output<typeof AlertSaveSchema>;

/** DELETE /api/alert: one of mine. */
export const AlertDeleteSchema = z.strictObject({ id: positiveId });
