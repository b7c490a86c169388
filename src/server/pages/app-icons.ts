import sharp from 'sharp';
import { SHARE_CARD, THEME_COLOR } from '#shared/app-shell.ts';

// The app's icons, drawn for the site: a speech bubble (a community's talk) around a 태극 circle
// (a Korean home abroad), on the site's blue. Drawn as SVG and made PNG by sharp on first ask, so
// no binary file is kept in the repository.

/** The red over blue circle of 태극, centred at (cx, cy). */
function taegeuk(cx: number, cy: number, r: number): string {
  const h = r / 2;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0047a0"/>
<path fill="#cd2e3a" d="M${cx - r},${cy} A${r},${r} 0 0 1 ${cx + r},${cy} A${h},${h} 0 0 0 ${cx},${cy} A${h},${h} 0 0 1 ${cx - r},${cy} Z"/>`;
}

const BUBBLE = `<rect x="96" y="112" width="320" height="256" rx="72" fill="#fff"/>
<path fill="#fff" d="M150 340 L128 430 L236 356 Z"/>
${taegeuk(256, 240, 84)}`;

/** `maskable`: the background fills the square and the drawing keeps to the middle 80%, which
 * every phone's mask leaves whole. */
function iconSvg(maskable: boolean): string {
  const background = maskable
    ? `<rect width="512" height="512" fill="${THEME_COLOR}"/>`
    : `<rect width="512" height="512" rx="104" fill="${THEME_COLOR}"/>`;
  const drawing = maskable ? `<g transform="translate(256 256) scale(0.78) translate(-256 -256)">${BUBBLE}</g>` : BUBBLE;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${drawing}</svg>`;
}

/** The icons the manifest names, by file name. */
export const APP_ICONS = {
  'icon-192.png': { size: 192, maskable: false },
  'icon-512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

const drawn = new Map<AppIconName, Promise<Buffer>>();

/** The icon's PNG, drawn once per process. */
export function appIcon(name: AppIconName): Promise<Buffer> {
  let png = drawn.get(name);
  if (!png) {
    const { size, maskable } = APP_ICONS[name];
    png = sharp(Buffer.from(iconSvg(maskable)))
      .resize(size, size)
      .png()
      .toBuffer();
    drawn.set(name, png);
  }
  return png;
}

/** The card a shared link shows for an item without a photo: the icon's drawing on the site's
 * blue, across the card's width. No words: the card's title and description are the item's. */
function shareCardSvg(): string {
  const { width, height } = SHARE_CARD;
  const scale = (height * 0.9) / 512;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${THEME_COLOR}"/>
<circle cx="${width * 0.14}" cy="${height * 0.18}" r="${height * 0.5}" fill="#fff" fill-opacity="0.06"/>
<circle cx="${width * 0.9}" cy="${height * 0.95}" r="${height * 0.42}" fill="#fff" fill-opacity="0.06"/>
<g transform="translate(${width / 2} ${height / 2}) scale(${scale}) translate(-256 -256)">${BUBBLE}</g></svg>`;
}

let card: Promise<Buffer> | undefined;

/** The share card's PNG, drawn once per process. */
export function shareCard(): Promise<Buffer> {
  card ??= sharp(Buffer.from(shareCardSvg())).png().toBuffer();
  return card;
}
