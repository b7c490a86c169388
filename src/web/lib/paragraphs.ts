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
