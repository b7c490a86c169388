// Where stored images are served and how an image's thumbnail is named: the server names files
// by this rule and the pages ask for thumbnails by it, so a list never loads a full image.

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
