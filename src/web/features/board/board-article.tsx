import { useState } from 'react';
import { formatDate } from '#shared/format.ts';
import { bumpDateTimeText } from '#shared/freshness.ts';
import type { BoardItem } from './board-types.ts';
import { Gallery } from '../../components/ui/gallery.tsx';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';

/** A board post: title, meta line, photos, the body, and a 한국어 / English switch when the post
 * has an English version (etitle / econtent). `extra` is the section's own part (the market's
 * price and status), placed under the title. */
export function BoardArticle({ item, timeZone, extra }: { item: BoardItem; timeZone: string; extra?: React.ReactNode }) {
  const bilingual = Boolean(item.etitle || item.econtent);
  const [english, setEnglish] = useState(false);
  const title = english ? item.etitle || item.title : item.title;
  const body = english ? item.econtent || item.content : item.content;
  const tab = (on: boolean) => `min-h-10 rounded-full px-4 text-sm font-semibold ${on ? 'bg-brand-600 text-white' : 'text-slate-700'}`;
  return (
    <article lang={english ? 'en' : 'ko'}>
      <header>
        {item.category ? <p className="text-sm font-semibold text-brand-700">{item.category}</p> : null}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <MetaLine
          parts={[item.name, formatDate(item.date, timeZone), bumpDateTimeText(item, timeZone), item.location]}
          counts={[
            ['조회', item.count],
            ['좋아요', item.like],
            ['댓글', item.comment],
          ]}
        />
        {bilingual ? (
          // A pair of toggle buttons: both always there, the current one pressed.
          <fieldset className="mt-3 inline-flex rounded-full border border-slate-300 bg-white p-0.5">
            <legend className="sr-only">언어</legend>
            <button type="button" lang="ko" aria-pressed={!english} onClick={() => setEnglish(false)} className={tab(!english)}>
              한국어
            </button>
            <button type="button" lang="en" aria-pressed={english} onClick={() => setEnglish(true)} className={tab(english)}>
              English
            </button>
          </fieldset>
        ) : null}
        {extra}
      </header>
      <Gallery images={item.images} title={item.title} />
      <RichText html={body} className="mt-4" />
    </article>
  );
}
