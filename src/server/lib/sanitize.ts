import sanitizeHtml, { type Attributes, type IFrame, type IOptions, type Tag } from 'sanitize-html';
import { linkKind } from '#shared/links.ts';
import { UPLOAD_PATH } from '#shared/schemas/fields.ts';

// Rich text (content, econtent of posts, jobs, businesses and inquiries) is stored as HTML that
// passed this allowlist, so every page can render it as it is. What is not listed is dropped:
// unknown tags lose the tag and keep their text, tags that hold code or foreign markup lose
// their content too, and no attribute survives unless it is listed and its value checked here.

const RICH_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const RICH_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/** Tags whose content goes with them: code, foreign markup (svg, math) and raw-text elements,
 * which a browser reads differently from the parser and so are the usual mutation-XSS carriers. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'svg',
  'math',
  'textarea',
  'option',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];

const LINK_REL = 'noopener noreferrer nofollow';
const IMAGE_SIZE = /^\d{1,4}$/;
const CELL_SPAN = /^\d{1,2}$/;

/** Keeps only the listed attributes of an allowed tag, in NFC, with values checked. The library
 * checks URL schemes again afterwards; this is the stricter rule of the two. */
function checkAttributes(tagName: string, attribs: Attributes): Tag {
  const kept: Attributes = {};
  for (const name of RICH_ATTRIBUTES[tagName] ?? []) {
    const value = attribs[name];
    if (typeof value === 'string') kept[name] = value.normalize('NFC');
  }
  if (tagName === 'a') return { tagName, attribs: linkAttributes(kept.href?.trim() ?? '') };
  if (tagName === 'img') return { tagName, attribs: imageAttributes(kept) };
  for (const name of ['colspan', 'rowspan']) {
    if (kept[name] !== undefined && !CELL_SPAN.test(kept[name])) delete kept[name];
  }
  return { tagName, attribs: kept };
}

/** http and https links open in a new tab without a referrer or opener; mailto links stay as
 * they are; anything else (relative, javascript:, data:, entity tricks) loses its href. */
function linkAttributes(href: string): Attributes {
  const kind = linkKind(href);
  if (kind === 'web') return { href, rel: LINK_REL, target: '_blank' };
  return kind === 'mail' ? { href } : {};
}

/** Images come only from our own upload path (shared/schemas/fields.ts UPLOAD_PATH). */
function imageAttributes(attribs: Attributes): Attributes {
  const src = attribs.src ?? '';
  if (!UPLOAD_PATH.test(src)) return {};
  const kept: Attributes = { src, alt: attribs.alt ?? '' };
  for (const name of ['width', 'height']) {
    const value = attribs[name];
    if (value !== undefined && IMAGE_SIZE.test(value)) kept[name] = value;
  }
  return kept;
}

/** An image without an allowed source goes; a link without an allowed href keeps its text. */
function dropEmpty(frame: IFrame): boolean | 'excludeTag' {
  if (frame.tag === 'img') return !frame.attribs.src;
  if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
  return false;
}

const RICH_TEXT: IOptions = {
  allowedTags: RICH_TAGS,
  allowedAttributes: RICH_ATTRIBUTES,
  allowedClasses: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: { '*': checkAttributes },
  exclusiveFilter: dropEmpty,
};

/** The stored form of rich text: allowlisted HTML in NFC. Sanitizing the result again gives the
 * same string, so stored content can be re-checked or migrated without drifting. */
export function sanitizeRichText(html: string): string {
  return normalizeTextRuns(sanitizeHtml(html, RICH_TEXT));
}

/** NFC on the text between tags only: `<`, `=` and `>` followed by U+0338 compose into ≮ ≠ ≯, so
 * normalizing the whole document could break a tag open. For the same reason a U+0338 left in the
 * text is written as a character reference, so the stored HTML stays safe if anything normalizes
 * it again. In the library's output every `<` and `>` outside a tag is escaped, so text runs are
 * exactly what follows `>`. */
function normalizeTextRuns(html: string): string {
  return html.replace(
    /(^|>)([^<]+)/g,
    (_match, start: string, text: string) => start + text.normalize('NFC').replaceAll('\u0338', '&#x338;'),
  );
}

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'img',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Plain text for search, snippets and meta descriptions: no tags, entities decoded, a space
 * where a block starts or ends so that words of two paragraphs do not run together. */
export function htmlToText(html: string): string {
  let atBlockEdge = false;
  const markEdge = (name: string) => {
    if (BLOCK_TAGS.has(name)) atBlockEdge = true;
  };
  const text = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
    onOpenTag: markEdge,
    onCloseTag: markEdge,
    textFilter: (escaped) => {
      if (!atBlockEdge) return escaped;
      atBlockEdge = false;
      return ` ${escaped}`;
    },
  });
  // The library escapes text with these four entities only; undo them in one pass.
  return text
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}
