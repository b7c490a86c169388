// How long a text may be, where the schemas that refuse more and the forms that count it meet:
// a field takes no more than the server keeps (issue #32: titles took far more, then were refused).

/** A post's, listing's, inquiry's or schedule entry's title (and a post's English title). */
export const TITLE_MAX = 200;

/** A comment or a reply. */
export const COMMENT_MAX = 2000;
