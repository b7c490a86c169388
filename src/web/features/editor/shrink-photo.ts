import { IMAGE_QUALITY, MAX_IMAGE_BYTES, MAX_IMAGE_EDGE } from '#shared/uploads.ts';

// A phone's photo (12-50 MP, often over 10 MB) is shrunk in the browser before it is sent: the
// server keeps at most MAX_IMAGE_EDGE on the long side at IMAGE_QUALITY anyway
// (server/lib/images.ts), so the member waits for a tenth of the bytes and the limit is not met.
// The photo is turned upright by its EXIF orientation here, as the server would; what else rode
// along in it (GPS) stays behind, as it would on the server.

/** Formats the canvas writes in kind; a GIF is sent as it is (it may move). */
const REDRAWN = new Set(['image/jpeg', 'image/png', 'image/webp']);

function drawn(bitmap: ImageBitmap, type: string): Promise<Blob | null> {
  const scale = Math.min(1, MAX_IMAGE_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, IMAGE_QUALITY / 100));
}

/** The file to send for a chosen photo: as it is when the server would keep it whole, else
 * shrunk; undefined when it is over the limit and cannot be shrunk (not a photo the browser can
 * read, or still too large), for the picker to say so. */
export async function photoToSend(file: File): Promise<File | undefined> {
  const fits = file.size <= MAX_IMAGE_BYTES;
  if (!REDRAWN.has(file.type)) return fits ? file : undefined;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => undefined);
  // Not readable here: the server decides (and names its reason) if it may have it at all.
  if (!bitmap) return fits ? file : undefined;
  try {
    if (fits && Math.max(bitmap.width, bitmap.height) <= MAX_IMAGE_EDGE) return file;
    const blob = await drawn(bitmap, file.type);
    // A browser that cannot write the type answers PNG or nothing: the original, if it fits.
    if (!blob || blob.type !== file.type || blob.size > MAX_IMAGE_BYTES) return fits ? file : undefined;
    return new File([blob], file.name, { type: file.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
