import { useState } from 'react';
import { koreanDetail, Messages } from '#shared/messages.ts';
import { imageTooLarge, MAX_IMAGE_BYTES } from '#shared/uploads.ts';
import { openLogin } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { fieldId } from './form-fields.tsx';
import { photoToSend } from './shrink-photo.ts';

// Photos of a post or a listing: uploaded at once through POST /api/upload, shown as previews,
// reordered and removed here. The form keeps the returned paths; the first is the thumbnail.
// Without JavaScript nothing can be uploaded: the photos already there are sent back as they are
// (hidden fields) and a note says what is needed to add more. A photo larger than the server
// keeps is shrunk first (shrink-photo.ts); what cannot be sent is said here, by the picker,
// naming the file, not at the top of the screen far from it.

const ARROW =
  'inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg text-slate-700 hover:bg-slate-50 disabled:opacity-40';

export function ImagePicker({
  images,
  max,
  onChange,
  error,
}: {
  images: string[];
  max: number;
  /** Takes the previous list: an upload finishes after other changes may have been made. */
  onChange: (next: (prev: string[]) => string[]) => void;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const upload = async (input: HTMLInputElement) => {
    const room = max - images.length;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length === 0) return;
    const found: string[] = files.length > room ? [`사진은 ${max}장까지 올릴 수 있습니다`] : [];
    setProblems(found);
    if (room <= 0) return;
    setBusy(true);
    const body = new FormData();
    for (const file of files.slice(0, room)) {
      const photo = await photoToSend(file);
      if (photo) body.append('file', photo);
      else found.push(imageTooLarge(file.name));
    }
    const answer = body.has('file') ? await api.post<{ items: { path: string }[] }>('/upload', body) : undefined;
    setBusy(false);
    if (answer?.code === 'ok') onChange((prev) => [...prev, ...answer.items.map((i) => i.path)].slice(0, max));
    else if (answer?.status === 401) openLogin();
    else if (answer) found.push(koreanDetail(answer) ?? Messages.processingError);
    setProblems([...found]);
  };
  const move = (from: number, to: number) =>
    onChange((prev) => {
      const next = [...prev];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved as string);
      return next;
    });
  return (
    <div className="sm:col-span-2">
      <p className="font-semibold text-slate-800">
        사진{' '}
        <span className="font-normal text-slate-500">
          ({images.length}/{max}장, 첫 사진이 대표 사진입니다)
        </span>
      </p>
      {images.map((src) => (
        <input key={src} type="hidden" name="images" value={src} />
      ))}
      <noscript>
        <style>{'#image-picker-add{display:none}'}</style>
        <p className="mt-1 text-slate-700">사진을 올리거나 순서를 바꾸려면 JavaScript를 켜 주세요. 올려 둔 사진은 그대로 저장됩니다.</p>
      </noscript>
      {images.length > 0 ? (
        <ul aria-label="올린 사진" className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {images.map((src, i) => (
            <li key={src} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              <div className="relative aspect-[4/3] bg-slate-100">
                <img src={src} alt={`사진 ${i + 1}`} className="size-full object-cover" />
                {i === 0 ? (
                  <span className="absolute top-1 left-1 rounded bg-brand-600 px-1.5 text-sm font-semibold text-white">대표</span>
                ) : null}
              </div>
              <div className="flex justify-between gap-1 p-1.5">
                <button
                  type="button"
                  aria-label={`사진 ${i + 1} 앞으로`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  className={ARROW}
                >
                  ←
                </button>
                <button
                  type="button"
                  aria-label={`사진 ${i + 1} 뒤로`}
                  disabled={i === images.length - 1}
                  onClick={() => move(i, i + 1)}
                  className={ARROW}
                >
                  →
                </button>
                <button
                  type="button"
                  aria-label={`사진 ${i + 1} 삭제`}
                  onClick={() => onChange((prev) => prev.filter((p) => p !== src))}
                  className={`${ARROW} text-red-700`}
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {images.length < max ? (
        <>
          <label
            id="image-picker-add"
            className="mt-2 inline-flex min-h-12 cursor-pointer items-center rounded-lg border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50 has-focus-visible:ring-2"
          >
            {busy ? '올리는 중…' : '사진 추가'}
            <input
              id={fieldId('images')}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple={max > 1}
              disabled={busy}
              onChange={(e) => void upload(e.currentTarget)}
              aria-describedby="image-picker-limit"
              className="sr-only"
            />
          </label>
          <p id="image-picker-limit" className="mt-1 text-sm text-slate-600">
            한 장에 {MAX_IMAGE_BYTES / 1024 / 1024}MB까지 올릴 수 있습니다. 큰 사진은 줄여서 올립니다.
          </p>
        </>
      ) : null}
      {problems.length > 0 ? (
        <div role="alert" className="mt-1 font-semibold text-red-700">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      ) : null}
      {error ? <p className="mt-1 font-semibold text-red-700">{error}</p> : null}
    </div>
  );
}
