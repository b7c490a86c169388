// Which addresses a link in rich text may have, in one place: the server's sanitizer keeps only
// these, and the editor accepts only these (a link the sanitizer would drop must not look saved).

const WEB_LINK = /^https?:\/\//i;
const MAIL_LINK = /^mailto:\S/i;

/** 'web' (http, https: opened in a new tab), 'mail' (mailto) or nothing (relative, javascript:,
 * data: ...: not a link we keep). */
export function linkKind(href: string): 'web' | 'mail' | undefined {
  if (WEB_LINK.test(href) && URL.canParse(href)) return 'web';
  if (MAIL_LINK.test(href)) return 'mail';
  return undefined;
}

/** A phone number as written ("(213) 555-0100") as a tel: address: digits and + only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
