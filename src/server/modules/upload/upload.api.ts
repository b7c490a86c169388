import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { requireActor } from '#server/modules/auth/actor.policy.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { MAX_IMAGE_BYTES } from '#server/lib/images.ts';
import { caller } from '#server/http/resource-routes.ts';
import type { Attachment } from '#shared/api.ts';
import { limitBody } from '#server/http/request-body.ts';
import { getDownload, getWebdata, MAX_FILES, type StoredFile, uploadImages } from './upload.service.ts';

/** POST /api/upload is exempt from the 1 MB JSON limit (app.ts) and has this one instead:
 * ten full-size images plus the multipart framing. */
export const UPLOAD_BODY_LIMIT = MAX_FILES * MAX_IMAGE_BYTES + 1024 * 1024;

/** Served images cannot become a page: the type is never sniffed and nothing in them may run.
 * The browser's own image viewer page needs inline style and the image itself. */
const IMAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
};

function sendFile(c: Context<AppEnv>, stored: StoredFile, headers: Record<string, string>): Response {
  const body = Readable.toWeb(createReadStream(stored.file)) as ReadableStream;
  return c.body(body, 200, { ...IMAGE_HEADERS, ...headers, 'Content-Type': stored.mime, 'Content-Length': String(stored.size) });
}

/** RFC 6266 / 5987: an ASCII fallback for old clients, the exact UTF-8 name for the rest. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

async function readFiles(c: Context<AppEnv>): Promise<File[]> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(400, ErrorKey.invalid, { field: 'file', detail: 'multipart/form-data expected' });
  }
  const form = await c.req.formData().catch(() => {
    throw new AppError(400, ErrorKey.invalid, { field: 'file', detail: 'unreadable multipart body' });
  });
  const entries = form.getAll('file');
  if (entries.some((e) => typeof e === 'string')) throw new AppError(400, ErrorKey.invalid, { field: 'file', detail: 'not a file' });
  return entries as File[];
}

/** A download of one of an item's files (content.api.ts finds which and checks the reader). */
export async function downloadAnswer(c: Context<AppEnv>, deps: Deps, file: Attachment): Promise<Response> {
  const stored = await getDownload(deps, caller(c), file);
  return sendFile(c, stored, { 'Content-Disposition': contentDisposition(stored.filename) });
}

/** /api/upload: image uploads for members. */
export function uploadRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(
    '/',
    // A visitor is refused before the body is read.
    async (c, next) => {
      requireActor(c.get('actor'));
      await next();
    },
    limitBody(UPLOAD_BODY_LIMIT),
    async (c) => c.json({ code: 'ok', items: await uploadImages(deps, caller(c), await readFiles(c)) }),
  );
  return app;
}

/** /api/webdata: the stored images and thumbnails, public and cached for a year (names are
 * never reused, so a cached copy is never stale). */
export function webdataRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:name', async (c) => {
    const stored = await getWebdata(deps, c.req.param('name'));
    const headers = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: stored.etag };
    const match = c.req.header('if-none-match');
    if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === stored.etag)) return c.body(null, 304, headers);
    return sendFile(c, stored, headers);
  });
  return app;
}
