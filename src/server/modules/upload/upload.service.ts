import fs from 'node:fs/promises';
import path from 'node:path';
import type { Selectable } from 'kysely';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { isAdmin, requireActor } from '#server/modules/auth/actor.policy.ts';
import { spendWriteAllowance } from '#server/modules/auth/write-limits.ts';
import type { Actor, Caller, Deps } from '#server/context.ts';
import type { UploadTable } from '#server/db/database.ts';
import { nowIso } from '#server/lib/clock.ts';
import { IMAGE_TYPES, ImageError, type ImageFault, MAX_IMAGE_BYTES, type ProcessedImage, processImage } from '#server/lib/images.ts';
import { newStoredNames, publicPath, removeStored, resolvePublicPath, writeStored } from '#server/lib/storage.ts';
import { imageNotTaken, imageTooLarge, imageTooManyPixels, imageUnreadable, WEBDATA_BASE } from '#shared/uploads.ts';
import type { Attachment } from '#shared/api.ts';
import { findUploadsByPaths, insertUpload, uploadedBytes } from './upload.repository.ts';

/** Upload issue: at most 10 images a post, so at most 10 a request. */
export const MAX_FILES = 10;

/** A stored image as the API answers it: its upload row without the owner, the date and the hash. */
export type UploadItem = Omit<Selectable<UploadTable>, 'user' | 'date' | 'phash'>;

interface Prepared {
  image: ProcessedImage;
  filename: string;
}

/** The name as the member's device gave it, made safe to show and to send back in a header:
 * one normal form (macOS sends Korean decomposed), no folders, no control or bidi characters
 * (which could disguise the extension), bounded length. */
export function cleanFilename(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return [...clean].slice(0, 200).join('') || 'image';
}

/** The download name: the original, with the extension of what we actually store (a PNG sent
 * as `사진.jpg` downloads as `사진.png`). */
export function downloadName(filename: string, mime: string): string {
  const type = Object.values(IMAGE_TYPES).find((t) => t.mime === mime);
  if (!type) return filename;
  const ext = path.extname(filename).toLowerCase();
  if (ext === `.${type.ext}` || (type.ext === 'jpg' && ext === '.jpeg')) return filename;
  return `${filename.slice(0, filename.length - ext.length)}.${type.ext}`;
}

/** A refused file's reason as the member reads it by the photo picker, naming the file. */
const REFUSALS: Record<ImageFault, (name: string) => string> = {
  bytes: imageTooLarge,
  pixels: imageTooManyPixels,
  type: imageNotTaken,
  unreadable: imageUnreadable,
};

async function prepare(data: Uint8Array, filename: string): Promise<Prepared> {
  const name = cleanFilename(filename);
  try {
    return { image: await processImage(data), filename: name };
  } catch (err) {
    if (!(err instanceof ImageError)) throw err;
    const tooLarge = err.reason === 'too large';
    throw new AppError(tooLarge ? 413 : 400, tooLarge ? ErrorKey.tooLarge : ErrorKey.invalid, {
      field: 'file',
      detail: REFUSALS[err.fault](name),
    });
  }
}

/** Files first, then the rows in one transaction; if anything fails, the files are removed
 * again, so a request stores all its images or none. */
async function store(deps: Deps, prepared: Prepared[], user: number): Promise<UploadItem[]> {
  const dir = deps.env.DATA_DIR;
  const files = prepared.map((p) => ({ p, names: newStoredNames(IMAGE_TYPES[p.image.format].ext) }));
  try {
    for (const { p, names } of files) {
      await writeStored(dir, names.name, p.image.data);
      await writeStored(dir, names.thumb, p.image.thumb);
    }
    const date = nowIso();
    return await deps.db.transaction().execute(async (trx) => {
      const items: UploadItem[] = [];
      for (const { p, names } of files) {
        const item = {
          path: publicPath(names.name),
          thumb: publicPath(names.thumb),
          filename: p.filename,
          mime: IMAGE_TYPES[p.image.format].mime,
          size: p.image.data.length,
          width: p.image.width,
          height: p.image.height,
        };
        items.push({ id: await insertUpload(trx, { ...item, user, date, phash: p.image.phash }), ...item });
      }
      return items;
    });
  } catch (err) {
    await removeStored(
      dir,
      files.flatMap((f) => [f.names.name, f.names.thumb]),
    );
    throw err;
  }
}

/** One image from the server itself (demo data); the same checks as a member's upload. */
export async function saveImage(deps: Deps, input: { data: Buffer; filename: string; user: number }): Promise<UploadItem> {
  const [item] = await store(deps, [await prepare(input.data, input.filename)], input.user);
  return item!;
}

/** A member's images may fill UPLOAD_QUOTA_MB in all (admins have no quota): one account must
 * not fill the server's disk. Checked on the stored sizes, after conversion. */
async function requireQuota(deps: Deps, actor: Actor, prepared: Prepared[]): Promise<void> {
  if (isAdmin(actor)) return;
  const quota = deps.env.UPLOAD_QUOTA_MB * 1024 * 1024;
  const adding = prepared.reduce((sum, p) => sum + p.image.data.length, 0);
  const used = await uploadedBytes(deps.db, actor.id);
  if (used + adding > quota) {
    throw new AppError(413, ErrorKey.tooLarge, {
      field: 'file',
      detail: `업로드 용량 ${deps.env.UPLOAD_QUOTA_MB}MB를 넘습니다 (지금 ${(used / 1024 / 1024).toFixed(1)}MB 사용 중). 관리자에게 문의하세요`,
    });
  }
}

/** POST /api/upload: members only; every file is checked before any is stored. */
export async function uploadImages(deps: Deps, caller: Caller, files: File[]): Promise<UploadItem[]> {
  const actor = requireActor(caller.actor);
  if (files.length === 0) throw new AppError(400, ErrorKey.invalid, { field: 'file', detail: 'no file' });
  if (files.length > MAX_FILES) throw new AppError(400, ErrorKey.invalid, { field: 'file', detail: `at most ${MAX_FILES} files` });
  // Sizes are known from the multipart body: refuse before copying any file.
  const big = files.find((f) => f.size > MAX_IMAGE_BYTES);
  if (big)
    throw new AppError(413, ErrorKey.tooLarge, {
      field: 'file',
      detail: imageTooLarge(cleanFilename(big.name)),
    });
  await spendWriteAllowance(deps, actor, 'upload', files.length);
  const prepared: Prepared[] = [];
  for (const f of files) prepared.push(await prepare(new Uint8Array(await f.arrayBuffer()), f.name));
  await requireQuota(deps, actor, prepared);
  return store(deps, prepared, actor.id);
}

export interface StoredFile {
  file: string;
  mime: string;
  size: number;
  etag: string;
}

async function statStored(dataDir: string, p: string): Promise<StoredFile | undefined> {
  const resolved = resolvePublicPath(dataDir, p);
  if (!resolved) return undefined;
  const stat = await fs.stat(resolved.file).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  // A stored name never gets other content, so the name is a strong validator.
  return { file: resolved.file, mime: resolved.mime, size: stat.size, etag: `"${resolved.name}"` };
}

/** GET /api/webdata/:name: public, like the pages that show the images. */
export async function getWebdata(deps: Deps, name: string): Promise<StoredFile> {
  const stored = await statStored(deps.env.DATA_DIR, WEBDATA_BASE + name);
  if (!stored) throw new AppError(404, ErrorKey.notFound);
  return stored;
}

/** SPEC §7: a download is a GET with the auth header. It is one of the files an item the caller
 * may read carries (the content service checks that and finds the attachment), so a member gets
 * no file of an item that is private, held, hidden or gone (security round three). */
export async function getDownload(deps: Deps, caller: Caller, file: Attachment): Promise<StoredFile & { filename: string }> {
  requireActor(caller.actor);
  const stored = await statStored(deps.env.DATA_DIR, file.path);
  if (!stored) throw new AppError(404, ErrorKey.notFound);
  return { ...stored, filename: file.filename };
}

/** The uploads behind these public paths, in the order given, each once: what an item's page
 * lists as its attachments, under the name its download will have, downloaded under
 * `downloadBase` + the stored name. A path without an upload row (written before uploads were
 * recorded) is left out. */
export async function listAttachments(deps: Deps, paths: string[], downloadBase: string): Promise<Attachment[]> {
  const unique = [...new Set(paths)];
  const rows = new Map((await findUploadsByPaths(deps.db, unique)).map((row) => [row.path, row]));
  return unique.flatMap((p) => {
    const row = rows.get(p);
    if (!row) return [];
    const download = downloadBase + row.path.slice(WEBDATA_BASE.length);
    return [{ id: row.id, path: row.path, filename: downloadName(row.filename, row.mime), mime: row.mime, size: row.size, download }];
  });
}
