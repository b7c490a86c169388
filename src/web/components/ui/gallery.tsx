import { useRef, useState } from 'react';

/** A post's or a listing's photos: one at a time in a CSS scroll-snap strip, so a swipe moves between them
 * without any library; arrow keys and the ‹ › buttons do the same. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;

  const go = (to: number) => {
    const el = strip.current;
    if (!el) return;
    const next = Math.max(0, Math.min(images.length - 1, to));
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    setIndex(next);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index + (event.key === 'ArrowRight' ? 1 : -1));
    }
  };
  const button = 'absolute top-1/2 -translate-y-1/2 size-11 rounded-full bg-white/85 text-2xl font-bold shadow disabled:opacity-30';

  return (
    <section aria-roledescription="carousel" aria-label="사진" className="relative mt-4">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys of the focused strip below */}
      <div
        ref={strip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip takes focus so keys reach it (WCAG 2.1.1)
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={(event) => setIndex(Math.round(event.currentTarget.scrollLeft / Math.max(1, event.currentTarget.clientWidth)))}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-xl bg-slate-100 [scrollbar-width:none]"
      >
        {images.map((src, i) => (
          <img
            key={src}
            src={src}
            alt={`${title} 사진 ${i + 1}/${images.length}`}
            width={800}
            height={600}
            loading={i === 0 ? 'eager' : 'lazy'}
            className="aspect-[4/3] w-full shrink-0 snap-center object-contain"
          />
        ))}
      </div>
      {images.length > 1 ? (
        <>
          <button type="button" aria-label="이전 사진" onClick={() => go(index - 1)} disabled={index === 0} className={`${button} left-2`}>
            ‹
          </button>
          <button
            type="button"
            aria-label="다음 사진"
            onClick={() => go(index + 1)}
            disabled={index === images.length - 1}
            className={`${button} right-2`}
          >
            ›
          </button>
          <p className="mt-1 text-center text-sm text-slate-600" aria-live="polite">
            {index + 1} / {images.length}
          </p>
        </>
      ) : null}
    </section>
  );
}
