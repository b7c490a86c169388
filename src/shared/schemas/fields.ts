import { z } from 'zod';
import { PAGE_SIZE_MAX } from '../api.ts';
// Loaded with the first schema: zod's own refusals answer in Korean from here on.
import './default-errors.ts';

// Building blocks shared by every entity schema, so a rule about text lives once.

/** Text from a person: no NUL or other C0 controls except tab/newline, NFC-normalized (a Mac
 * keyboard sends NFD Hangul), trimmed. For texts of several lines (a comment, a report's detail);
 * a field shown on one line takes line(). */
export function text(max: number, requiredMessage?: string) {
  return personText(max, requiredMessage, false);
}

/** One line of text from a person: a title, a name, a category, an address. As text(), and no
 * line break of any kind (issue #31: a title with CR/LF breaks the lists, feeds and mail subjects
 * that show it on one line). */
export function line(max: number, requiredMessage?: string) {
  return personText(max, requiredMessage, true);
}

/** CR, LF, NEL and Unicode's line and paragraph separators. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

function personText(max: number, requiredMessage: string | undefined, oneLine: boolean) {
  const typed = z
    .string()
    .max(max * 4, { error: `최대 ${max}자까지 입력할 수 있습니다` })
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(s), { error: '허용되지 않는 문자가 있습니다' });
  const base = (oneLine ? typed.refine((s) => !LINE_BREAK.test(s), { error: '줄바꿈 없이 한 줄로 입력하세요' }) : typed)
    .transform((s) => s.normalize('NFC').trim())
    .refine((s) => [...s].length <= max, { error: `최대 ${max}자까지 입력할 수 있습니다` });
  return requiredMessage ? base.refine((s) => s.length > 0, { error: requiredMessage }) : base;
}

export function email(requiredMessage: string) {
  return line(254, requiredMessage)
    .transform((s) => s.toLowerCase())
    .pipe(z.email({ error: '이메일 형식이 올바르지 않습니다' }));
}

/** A whole number as a JSON body carries it: a JSON number, nothing else. (Coercion read `true`
 * as 1, `null`, `[]` and "" as 0, so `{"id": true}` edited post 1.) */
export function integer(min: number, max: number) {
  return z.number({ error: '숫자를 입력하세요' }).int({ error: '정수를 입력하세요' }).min(min).max(max);
}

/** Plain decimal notation: what a form or a hand-written URL sends for a number. Spaces, signs,
 * exponents, hex and leading zeros are not numbers here. */
const DECIMAL = /^-?(0|[1-9]\d{0,15})(\.\d{1,15})?$/;

/** A number as a query string carries it: text in plain decimal notation, then the body's own
 * rule. Query and body keep separate schemas so that neither loosens the other. */
export function inQuery<S extends z.ZodType<unknown, number>>(schema: S) {
  return z.string().regex(DECIMAL, { error: '숫자를 입력하세요' }).transform(Number).pipe(schema);
}

/** A code of one of SPEC §3's enumerations. */
export function code(values: number[]) {
  return integer(Math.min(...values), Math.max(...values)).refine((v) => values.includes(v), {
    error: `${values.join(', ')} 중 하나여야 합니다`,
  });
}

/** The largest id and counter either database stores: PostgreSQL's integer columns are 32-bit,
 * and a larger number sent to it is a server error, where SQLite would answer nothing. */
export const INT_MAX = 2_147_483_647;

/** An id in a path (/api/board/123, /news/123): digits without a leading zero, at most INT_MAX;
 * anything else names nothing, so it is a 404, not a 400. */
export function isPathId(raw: string): boolean {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= INT_MAX;
}

export const id = integer(0, INT_MAX);
export const positiveId = integer(1, INT_MAX);
/** An id in a query string (?id=12, ?board=12). */
export const queryId = inQuery(id);
export const queryPositiveId = inQuery(positiveId);

export const phone = line(30).refine((s) => /^[0-9+()\-. ]*$/.test(s), { error: '전화번호 형식이 올바르지 않습니다' });

/** PRODUCT.md: at least 8, at most 128 characters, no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export function password(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .refine((s) => !s.includes('\u0000'), { error: '허용되지 않는 문자가 있습니다' })
    .refine((s) => [...s].length >= PASSWORD_MIN, { error: `비밀번호는 ${PASSWORD_MIN}자 이상이어야 합니다` })
    .refine((s) => [...s].length <= PASSWORD_MAX, { error: `비밀번호는 ${PASSWORD_MAX}자 이하여야 합니다` });
}

/** A 6-digit e-mail code. */
export const verificationCode = z.coerce
  .string({ error: '인증코드를 입력하세요' })
  .trim()
  .regex(/^\d{6}$/, { error: '인증코드가 정확하지 않습니다' });

/** Rich text as the editor sends it; the server sanitizes it before storing. */
export function richText(max: number) {
  return z
    .string()
    .max(max, { error: `내용이 너무 깁니다 (최대 ${max}자)` })
    .refine((s) => !s.includes('\u0000'), { error: '허용되지 않는 문자가 있습니다' });
}

/** Our own upload paths only (`/api/webdata/...`): never another host, scheme or `..`. */
export const UPLOAD_PATH = /^\/api\/webdata\/(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]{0,199}$/;
export const imagePath = z.union([z.literal(''), z.string().regex(UPLOAD_PATH, { error: '업로드한 이미지만 사용할 수 있습니다' })]);

/** SPEC §9's empty date or a calendar date. */
export const dateText = z.union([
  z.literal(''),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '날짜 형식은 YYYY-MM-DD입니다' })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: '올바른 날짜가 아닙니다' }),
]);
/** An admin list's date range (?from=&to=, calendar dates in the site's time zone), each end
 * optional; one that ends before it starts is refused on `to`. */
export const dateRangeShape = {
  from: dateText.optional(),
  to: dateText.optional(),
};
export function dateRangeInOrder(range: { from?: string; to?: string }): boolean {
  return !range.from || !range.to || range.from <= range.to;
}
export const DATE_RANGE_ORDER = { error: '종료일은 시작일과 같거나 그 뒤여야 합니다', path: ['to'] };
export const DateRangeSchema = z.object(dateRangeShape).refine(dateRangeInOrder, DATE_RANGE_ORDER);
export type DateRange = z.output<typeof DateRangeSchema>;

/** A page's ?from=&to=: the range when it is one, else none and the reason (shown by the form,
 * so a wrong range never costs the admin the page). */
export function readDateRange(params: URLSearchParams): { range: DateRange; problem?: string } {
  const raw = { from: params.get('from') || undefined, to: params.get('to') || undefined };
  const parsed = DateRangeSchema.safeParse(raw);
  return parsed.success ? { range: parsed.data } : { range: {}, problem: parsed.error.issues[0]?.message };
}

/** A time of day, HH:MM (24 h), or empty. */
export const timeText = z.union([
  z.literal(''),
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: '시간 형식은 HH:MM입니다' }),
]);

export const url = z.union([
  z.literal(''),
  z
    .string()
    .max(500)
    .regex(/^https?:\/\/[^\s<>"']+$/i, { error: 'http:// 또는 https://로 시작하는 주소를 입력하세요' }),
]);

/** Money: non-negative, at most a trillion, floored to 2 decimals (SPEC §9). Rounding to 12
 * significant digits first keeps 16.9 from flooring to 16.89 (16.9 * 100 = 1689.9999...). */
export const money = z
  .number({ error: '숫자를 입력하세요' })
  .min(0, { error: '0 이상이어야 합니다' })
  .max(1e12)
  .transform((n) => Math.floor(Number((n * 100).toPrecision(12))) / 100);

/** A page of a list, ?page=N&size=M: each list has its own default size; none answers more
 * than PAGE_SIZE_MAX items at once (PRODUCT.md) or pages past `maxPage`. */
export function paging(defaultSize: number, { maxSize = PAGE_SIZE_MAX, maxPage = 1_000_000 }: { maxSize?: number; maxPage?: number } = {}) {
  return {
    page: inQuery(integer(1, maxPage)).default(1),
    size: inQuery(integer(1, maxSize)).default(defaultSize),
  };
}
