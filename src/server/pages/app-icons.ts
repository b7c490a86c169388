import sharp from 'sharp';
import { THEME_COLOR } from '#shared/app-shell.ts';

// The app's icons, drawn for the site: a speech bubble (a community's talk) around a 태극 circle
// (a Korean home abroad), on the site's blue. Drawn as SVG and made PNG by sharp on first ask, so
// no binary file is kept in the repository.

/** The red over blue circle of 태극, centred at (cx, cy). */
function taegeuk(cx: number, cy: number, r: number): string {
  const h = r / 2;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0047a0"/>
<path fill="#cd2e3a" d="M${cx - r},${cy} A${r},${r} 0 0 1 ${cx + r},${cy} A${h},${h} 0 0 0 ${cx},${cy} A${h},${h} 0 0 1 ${cx - r},${cy} Z"/>`;
}

/** The drawing on a 512 px square, for the icons and the share card. */
export const BUBBLE = `<rect x="96" y="112" width="320" height="256" rx="72" fill="#fff"/>
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
