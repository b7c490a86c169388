import { useLocation, useRevalidator } from 'react-router';
import { SCAM_WARNING_LABELS, type ScamPhrase, ScamWarnings } from '#shared/scam-warnings.ts';
import { api } from '../../lib/session.ts';
import { buttonClass, runCalls } from './admin-ui.tsx';

// /admin/queue's 경고 문구: the phrases admins add to the scam cautions, checked with the
// built-in ones from the next write on (POST/DELETE /api/admin/scam-phrases). Each form posts to
// the page, whose action does the same without JavaScript.

export interface ListedScamPhrase extends ScamPhrase {
  id: number;
}

export interface ScamPhrasesData {
  phrases: ListedScamPhrase[];
  /** What the page's action just refused (without JavaScript). */
  phraseRefusal?: string;
}

const ADDED = '문구를 추가했습니다. 다음 글부터 경고합니다';
const REMOVED = '문구를 삭제했습니다';

export function ScamPhrasesAdmin({ data }: { data: ScamPhrasesData }) {
  const { revalidate } = useRevalidator();
  const { pathname, search } = useLocation();
  const action = `${pathname}${search}`;
  return (
    <section aria-labelledby="scam-phrases" className="mt-10">
      <h2 id="scam-phrases" className="mb-1 text-xl font-bold">
        경고 문구
      </h2>
      <p className="text-slate-600">판매·구인·부동산 글과 쪽지에서 기본 문구와 함께 찾습니다. 대소문자는 가리지 않습니다.</p>
      <form
        method="post"
        action={action}
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const body = { key: form.get('key'), phrase: form.get('phrase') };
          void runCalls([() => api.post('/admin/scam-phrases', body)], ADDED, revalidate).then((ok) => {
            if (ok) (event.target as HTMLFormElement).reset();
          });
        }}
      >
        <input type="hidden" name="intent" value="phrase-add" />
        <label className="flex flex-col text-sm font-semibold text-slate-700">
          경고 종류
          <select name="key" className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 font-normal">
            {ScamWarnings.map((key) => (
              <option key={key} value={key}>
                {SCAM_WARNING_LABELS[key]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-1 flex-col text-sm font-semibold text-slate-700">
          문구
          <input
            name="phrase"
            required
            minLength={2}
            maxLength={40}
            placeholder="예: 친구결제"
            className="mt-1 min-h-11 w-full min-w-40 rounded-lg border border-slate-300 px-3 font-normal"
          />
        </label>
        <button type="submit" className={buttonClass.primary}>
          추가
        </button>
      </form>
      {data.phraseRefusal ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {data.phraseRefusal}
        </p>
      ) : null}
      {data.phrases.length === 0 ? (
        <p className="mt-3 text-slate-600">관리자가 추가한 문구가 없습니다.</p>
      ) : (
        <ul aria-label="추가한 문구" className="mt-3 flex flex-col gap-2">
          {data.phrases.map((p) => (
            <li key={p.id} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2">
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-700">{SCAM_WARNING_LABELS[p.key]}</span>
              <span className="min-w-0 flex-1 break-words font-semibold">{p.phrase}</span>
              <form
                method="post"
                action={action}
                onSubmit={(event) => {
                  event.preventDefault();
                  void runCalls([() => api.delete(`/admin/scam-phrases/${p.id}`)], REMOVED, revalidate);
                }}
              >
                <input type="hidden" name="intent" value="phrase-remove" />
                <input type="hidden" name="id" value={p.id} />
                <button type="submit" className={buttonClass.danger}>
                  삭제<span className="sr-only">: {p.phrase}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
