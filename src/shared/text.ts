// Plain text from stored rich text, for page titles, meta descriptions and list excerpts. Safe on
// both sides (no DOM): the HTML was sanitized on save, so stripping tags is all that is needed.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The text of an HTML fragment: tags dropped (block ends become spaces), entities decoded,
 * white space collapsed. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return (
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      // Inline tags sit inside words (<strong>10월</strong>에); block tags separate them.
      .replace(/<\/?(?:a|b|strong|i|em|u|s|code|mark|span|small|sub|sup)\b[^>]*>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
        if (name[0] === '#') {
          const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
          return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        }
        return ENTITIES[name.toLowerCase()] ?? whole;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Whether rich text says anything once its markup is set aside: text, or an image (a post of
 * photos only is a post). `<p></p>`, `<p>&nbsp;</p>` and an empty editor's `<p><br></p>` are not. */
export function hasRichContent(html: string | null | undefined): boolean {
  return htmlToText(html) !== '' || /<img\b/i.test(html ?? '');
}

/** At most `max` characters of text, cut at a word where one is near, with an ellipsis. */
export function excerpt(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** A stored row's text column as a string (none: empty). */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
