// Where stored images are served and how an image's thumbnail is named: the server names files
// by this rule and the pages ask for thumbnails by it, so a list never loads a full image.

/** What the server takes and keeps of a photo (server/lib/images.ts): the photo picker shrinks
 * a larger photo to this in the browser before sending it, since the server would anyway. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Phones send 12-50 MP; a page never shows more than this on the long edge. */
export const MAX_IMAGE_EDGE = 2000;
/** The JPEG and WebP quality photos are stored at (0-100). */
export const IMAGE_QUALITY = 82;

/** A photo's refusals as the member reads them, naming the file. */
export const imageTooLarge = (name: string) => `${name}: 사진은 한 장에 ${MAX_IMAGE_BYTES / 1024 / 1024}MB까지 올릴 수 있습니다`;
export const imageTooManyPixels = (name: string) => `${name}: 사진이 너무 큽니다 (${MAX_IMAGE_PIXELS / 10_000}만 화소까지)`;
export const imageNotTaken = (name: string) => `${name}: JPEG, PNG, WebP, GIF 사진만 올릴 수 있습니다`;
export const imageUnreadable = (name: string) => `${name}: 사진 파일을 읽을 수 없습니다`;

/** Public paths of stored images and thumbnails. */
export const WEBDATA_BASE = '/api/webdata/';

/** An image's stored name (`<32 hex>.<ext>`) → its thumbnail's (`<32 hex>-t.webp`). */
export function thumbnailName(name: string): string {
  return `${name.slice(0, name.lastIndexOf('.'))}-t.webp`;
}

/** A stored image's public path → its thumbnail's (400 px wide at most); any other path as it is. */
export function thumbnailOf(path: string): string {
  return /^\/api\/webdata\/[0-9a-f]{32}\.[a-z]+$/.test(path) ? WEBDATA_BASE + thumbnailName(path.slice(WEBDATA_BASE.length)) : path;
}
