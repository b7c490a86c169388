import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { photoHash } from './photo-hash.ts';
import { IMAGE_QUALITY, MAX_IMAGE_BYTES, MAX_IMAGE_EDGE, MAX_IMAGE_PIXELS } from '#shared/uploads.ts';

// Uploaded images (upload issue): only JPEG, PNG, WebP and GIF, recognised by their bytes, never
// by name or declared type. Every accepted file is decoded and encoded anew, so whatever rode
// along in it (EXIF with GPS, text chunks, ICC comments, a script appended to make a polyglot)
// is not in what we store and serve.

// The limits are shared with the photo picker, which shrinks a photo to them before sending it.
export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS };
/** List thumbnails (market, business) are at most this wide; the height cap keeps very tall
 * images from making a tall thumbnail. */
const THUMB_WIDTH = 400;
const THUMB_MAX_HEIGHT = 1200;
/** A decoder stuck on a hostile file gives up instead of holding a worker thread. */
const TIMEOUT_SECONDS = 30;

/** The formats we accept; each is stored in its own format, so the original file name's
 * extension stays true for downloads. Animated GIF and WebP stay animated. */
export const IMAGE_TYPES = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
} as const;
export type ImageFormat = keyof typeof IMAGE_TYPES;

/** What was wrong with a refused file: too many bytes or pixels, not a format we take (or one
 * disguised as another), or not readable as the image it claims to be. */
export type ImageFault = 'bytes' | 'pixels' | 'type' | 'unreadable';

/** Why a file was refused: `invalid` (not an image we take) or `too large` (bytes or pixels). */
export class ImageError extends Error {
  readonly reason: 'invalid' | 'too large';
  readonly fault: ImageFault;
  constructor(fault: ImageFault, detail: string) {
    super(detail);
    this.fault = fault;
    this.reason = fault === 'bytes' || fault === 'pixels' ? 'too large' : 'invalid';
  }
}

export interface ProcessedImage {
  format: ImageFormat;
  data: Buffer;
  width: number;
  height: number;
  /** Always WebP: small, and every browser we serve shows it. */
  thumb: Buffer;
  /** Its perceptual hash (photo-hash.ts), from the thumbnail: the same picture at any size. */
  phash: string;
}

function startsWith(data: Uint8Array, bytes: number[], at = 0): boolean {
  return bytes.every((b, i) => data[at + i] === b);
}
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The format by magic bytes. Checked before any decoder runs, so libvips never sees SVG, PDF,
 * TIFF, HEIF or anything else it could otherwise open. */
export function sniffImageFormat(data: Uint8Array): ImageFormat | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: IMAGE_QUALITY, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'webp':
      return image.webp({ quality: IMAGE_QUALITY });
    case 'gif':
      return image.gif();
  }
}

function refusal(err: unknown): ImageError {
  if (err instanceof ImageError) return err;
  // sharp reports the pixel limit (checked from the header, before decoding) with this text.
  if (err instanceof Error && /pixel limit/i.test(err.message)) {
    return new ImageError('pixels', `more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  }
  return new ImageError('unreadable', 'the image could not be read');
}

/** Checks, re-encodes (auto-rotated by EXIF orientation, long edge capped, all metadata dropped:
 * sharp keeps none unless asked) and makes the thumbnail. Throws ImageError for any file we do
 * not take, including broken and hostile ones. */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw new ImageError('bytes', `more than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const format = sniffImageFormat(input);
  if (!format) throw new ImageError('type', 'only jpeg, png, webp and gif images are accepted');
  // limitInputPixels counts all frames of an animation together, which bounds decoding memory.
  const options: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true, animated: format === 'gif' || format === 'webp' };
  try {
    const meta = await sharp(input, options).metadata();
    // The decoder must agree with the magic bytes; anything else is a disguised file.
    if (meta.format !== format) throw new ImageError('type', 'the content does not match its image type');
    const resized = sharp(input, options)
      .timeout({ seconds: TIMEOUT_SECONDS })
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await encode(resized, format).toBuffer({ resolveWithObject: true });
    // The thumbnail comes from the re-encoded image (first frame): smaller and already clean.
    const thumb = await sharp(data)
      .timeout({ seconds: TIMEOUT_SECONDS })
      .resize({ width: THUMB_WIDTH, height: THUMB_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { format, data, width: info.width, height: info.pageHeight ?? info.height, thumb, phash: await photoHash(thumb) };
  } catch (err) {
    throw refusal(err);
  }
}
