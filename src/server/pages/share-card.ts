import sharp from 'sharp';
import { SHARE_CARD, THEME_COLOR } from '#shared/app-shell.ts';
import { sectionOfPath } from '#shared/sections.ts';
import { AppError } from '#shared/errors.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import type { Caller, Deps } from '#server/context.ts';
import { getContent } from '#server/modules/content/content.service.ts';
import type { ContentName } from '#server/modules/content/content.types.ts';
import { BUBBLE } from './app-icons.ts';

// The card a shared link shows for an item without a photo (PRODUCT.md "On the phone like an
// app", Share): the item's title in large Korean type and the site's name, on the site's blue.
// librsvg draws SVG text through fontconfig, so the server needs a Korean font (fonts-noto-cjk,
// docs/deployment.md); SVG does not wrap, so the lines are broken here.

const FONT = "'Noto Sans CJK KR', 'Noto Sans KR', 'Apple SD Gothic Neo', sans-serif";
const MARGIN = 80;
const TITLE = { size: 68, lineHeight: 92, lines: 3, top: 292 } as const;
const ELLIPSIS = '…';

/** A character's advance in ems, a little wide of the font's so a line never runs off the card:
 * Hangul, CJK and emoji are square; Latin capitals and digits about 0.7, the rest narrower. */
function advance(grapheme: string): number {
  const code = grapheme.codePointAt(0) ?? 0;
  if (code >= 0x1100) return 1;
  if (grapheme === ' ') return 0.3;
  if (/[A-Z0-9MW@%&]/.test(grapheme)) return 0.72;
  return 0.58;
}

const graphemes = (text: string) => Array.from(new Intl.Segmenter('ko', { granularity: 'grapheme' }).segment(text), (s) => s.segment);
const widthOf = (text: string) => graphemes(text).reduce((sum, g) => sum + advance(g), 0);

/** The title in at most `lines` lines of `width` ems: broken between words as Korean wraps
 * (keep-all), a word longer than a line broken where it reaches the edge, and what does not fit
 * cut with an ellipsis. */
export function titleLines(title: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  const push = () => {
    out.push(line);
    line = '';
  };
  // Emoji are left out: a server's fonts seldom draw them, and a box with a code in it is worse.
  const words = title
    .replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  for (const word of words) {
    const joined = line ? `${line} ${word}` : word;
    if (widthOf(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) push();
    for (const g of graphemes(word)) {
      if (widthOf(line + g) > width) push();
      line += g;
    }
  }
  if (line) push();
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  let last = kept[lines - 1] ?? '';
  while (last && widthOf(last + ELLIPSIS) > width) last = graphemes(last).slice(0, -1).join('');
  kept[lines - 1] = last.trimEnd() + ELLIPSIS;
  return kept;
}

/** Text set in markup (the card's SVG, the offline page's HTML), every special character a
 * numeric reference. */
export function escapeMarkup(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shareCardSvg(title: string, siteName: string): string {
  const { width, height } = SHARE_CARD;
  const lines = titleLines(title, (width - 2 * MARGIN) / TITLE.size, TITLE.lines);
  const iconSize = 84;
  const text = lines
    .map((line, i) => `<tspan x="${MARGIN}" y="${TITLE.top + i * TITLE.lineHeight}">${escapeMarkup(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${THEME_COLOR}"/>
<circle cx="${width * 0.92}" cy="${height * 0.08}" r="${height * 0.42}" fill="#fff" fill-opacity="0.06"/>
<circle cx="${width * 0.98}" cy="${height * 1.02}" r="${height * 0.36}" fill="#fff" fill-opacity="0.06"/>
<rect x="${MARGIN}" y="64" width="${iconSize}" height="${iconSize}" rx="20" fill="#fff" fill-opacity="0.14"/>
<g transform="translate(${MARGIN} 64) scale(${iconSize / 512})">${BUBBLE}</g>
<text x="${MARGIN + iconSize + 24}" y="121" font-family="${FONT}" font-size="40" font-weight="700" fill="#fff">${escapeMarkup(siteName)}</text>
<text font-family="${FONT}" font-size="${TITLE.size}" font-weight="700" fill="#fff">${text}</text>
<rect x="${MARGIN}" y="${height - 72}" width="96" height="8" rx="4" fill="#cd2e3a"/>
</svg>`;
}

/** The card's PNG for a title. */
export function drawShareCard(title: string, siteName: string): Promise<Buffer> {
  return sharp(Buffer.from(shareCardSvg(title, siteName)))
    .png()
    .toBuffer();
}

/** The title a visitor sees on the item page at `pagePath` (`/community/12`, `/events/3`), or
 * nothing for a page that is not an item's or that a visitor may not read (hidden, held, private
 * inquiries: the card says no more than the page would). */
export async function sharedItemTitle(deps: Deps, caller: Caller, pagePath: string): Promise<string | undefined> {
  const [, first = '', rawId = '', ...rest] = pagePath.split('/');
  if (rest.length > 0 || !isPathId(rawId)) return;
  const section = sectionOfPath(`/${first}`);
  const name: ContentName | undefined = first === 'events' ? 'event' : section?.storage.table;
  if (!name) return;
  try {
    const item = await getContent(deps, name, caller, Number(rawId));
    // A news id under /market is not a market post.
    if (name === 'board' && 'topcategory' in item && item.topcategory !== section?.storage.topcategory) return;
    return item.title;
  } catch (err) {
    // A refusal (missing, hidden, members' only) is no card; a fault goes on to the error mapper.
    if (err instanceof AppError && err.status < 500) return;
    throw err;
  }
}
