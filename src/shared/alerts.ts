import { SECTION_LISTS } from './sections.ts';

// Keyword alerts (키워드 알림, PRODUCT.md beyond the spec): a member follows a word across the site
// or in one section, and hears of each new item that search would find for it. Pure data, for
// the schemas and the page alike.

/** How many keywords a member may follow. */
export const ALERT_MAX = 20;
/** A keyword's length in characters. */
export const ALERT_KEYWORD_MAX = 30;

/** The sections a keyword may be narrowed to: every list with items members read (not the FAQ). */
export const ALERT_SECTIONS = SECTION_LISTS.filter((l) => l.key !== 'faq').map((l) => ({ key: l.key, label: l.label }));

/** By e-mail: never, at once for each item, or one digest a day. */
export const AlertMailModes = ['none', 'instant', 'daily'] as const;
export type AlertMailMode = (typeof AlertMailModes)[number];
export const ALERT_MAIL_LABELS: Record<AlertMailMode, string> = { none: '알림만', instant: '바로 메일', daily: '하루 한 번 메일' };
