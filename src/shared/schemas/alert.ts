import { z } from 'zod';
import { ALERT_KEYWORD_MAX, ALERT_SECTIONS, AlertMailModes } from '../alerts.ts';
import { parseSearchQuery } from '../search-text.ts';
import { line, positiveId } from './fields.ts';

// Keyword alerts: what a member sends to follow a keyword, and to stop.

const sectionKeys = ALERT_SECTIONS.map((s) => s.key) as [string, ...string[]];

/** POST /api/alert: a keyword (read as search reads it), all sections ('') or one, and the mail. */
export const AlertSaveSchema = z.strictObject({
  keyword: line(ALERT_KEYWORD_MAX, '키워드를 입력하세요').refine((k) => parseSearchQuery(k).phrases.length > 0, {
    error: '글자나 숫자가 들어간 키워드를 입력하세요',
  }),
  section: z.union([z.literal(''), z.enum(sectionKeys)]).default(''),
  mail: z.enum(AlertMailModes).default('none'),
});
export type AlertSaveInput = z.output<typeof AlertSaveSchema>;

/** DELETE /api/alert: one of mine. */
export const AlertDeleteSchema = z.strictObject({ id: positiveId });
