// Plain-text forms (inquiries, answers, the main schedule) keep their text as paragraphs: one
// <p> per line on save, and back to lines in the editor.

/** An editor's lines as paragraphs; the server sanitizes again before storing. */
export function linesToHtml(text: string): string {
  const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** Stored paragraphs back to editor lines: one line per paragraph or line break. */
export function htmlToLines(html: string): string {
  return html
    .split(/<\/p>|<br\s*\/?>/i)
    .map((part) =>
      part
        .replace(/<[^>]*>/g, '')
        .replace(/&(?:lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e] ?? e)
        .trim(),
    )
    .filter(Boolean)
    .join('\n');
}

/** Whether stored HTML is nothing but paragraphs and line breaks, so that its lines say all of
 * it: the plain text box without JavaScript can then edit it as lines without losing anything. */
export function isPlainParagraphs(html: string): boolean {
  return !/<(?!\/?p>|br\s*\/?>)[^>]*>/i.test(html);
}

/** A formatted post's HTML as a person edits it in a plain text box: each block on its own line
 * (the line breaks between blocks change nothing on the page, and are not added twice). */
export function htmlForEditing(html: string): string {
  return html.replace(/(<\/(?:p|h[1-6]|li|ul|ol|blockquote|pre)>|<(?:ul|ol)>)(?=.)/g, '$1\n');
}

/** The hidden field that says a plain text box holds the content's HTML itself (a formatted post
 * edited without JavaScript), so the page's action stores it as it is instead of as lines. */
export function htmlSourceField(name: string): string {
  return `${name}-html`;
}
