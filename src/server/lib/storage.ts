import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Fault } from './faults.ts';
import { thumbnailName, WEBDATA_BASE } from '#shared/uploads.ts';
import { IMAGE_TYPES } from './images.ts';

// Where uploads live: DATA_DIR/uploads/, one flat folder, names made of 128 random bits and our
// own extension. No part of a name comes from the user, so a public path is either one of ours
// or nothing, and resolving it cannot leave the folder.

const MIME_BY_EXT: Record<string, string> = Object.fromEntries(Object.values(IMAGE_TYPES).map((t) => [t.ext, t.mime]));
/** `<32 hex>.<ext>` for an image, `<32 hex>-t.webp` for its thumbnail. */
const STORED_NAME = new RegExp(`^[0-9a-f]{32}(-t)?\\.(${Object.keys(MIME_BY_EXT).join('|')})$`);

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Fresh names for an image and its thumbnail. */
export function newStoredNames(ext: string): { name: string; thumb: string } {
  const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  return { name, thumb: thumbnailName(name) };
}

export function publicPath(name: string): string {
  return WEBDATA_BASE + name;
}

/** Shape only: names are unguessable, so a path of this shape was handed out by us. Used to
 * refuse foreign URLs in `image` / `images` fields. */
export function isOwnUploadPath(p: string): boolean {
  return p.startsWith(WEBDATA_BASE) && STORED_NAME.test(p.slice(WEBDATA_BASE.length));
}

/** A public path back to its file and type; anything that is not exactly one of our names
 * (`..`, encoded separators, absolute paths, NUL bytes) resolves to nothing. */
export function resolvePublicPath(dataDir: string, p: string): { file: string; name: string; mime: string } | undefined {
  if (!isOwnUploadPath(p)) return undefined;
  const name = p.slice(WEBDATA_BASE.length);
  const mime = MIME_BY_EXT[path.extname(name).slice(1)];
  return mime ? { file: path.join(uploadsDir(dataDir), name), name, mime } : undefined;
}

/** The folder cannot take files: no space left, or it is read-only, not ours, or not a folder
 * (EEXIST: creating it found a file in its place). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
const UNWRITABLE_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EIO', 'EEXIST']);

function storageFault(err: unknown): unknown {
  const code = (err as { code?: string } | undefined)?.code ?? '';
  if (FULL_CODES.has(code)) return new Fault('storage full', err);
  if (UNWRITABLE_CODES.has(code)) return new Fault('storage unavailable', err);
  return err;
}

/** Writes a new file; `wx` refuses to replace an existing one. A folder that cannot take it is a
 * Fault (lib/faults.ts): answered 503 or 507, not a bare 500. */
export async function writeStored(dataDir: string, name: string, data: Uint8Array): Promise<void> {
  try {
    await fs.mkdir(uploadsDir(dataDir), { recursive: true });
    await fs.writeFile(path.join(uploadsDir(dataDir), name), data, { flag: 'wx' });
  } catch (err) {
    throw storageFault(err);
  }
}

export async function removeStored(dataDir: string, names: string[]): Promise<void> {
  // No folder in the uploads' place (ENOTDIR) holds no file to remove; saying so would hide the
  // fault that made an upload clean up after itself.
  const remove = (n: string) =>
    fs.rm(path.join(uploadsDir(dataDir), n), { force: true }).catch((err: { code?: string }) => {
      if (err.code !== 'ENOTDIR') throw err;
    });
  await Promise.all(names.map(remove));
}
