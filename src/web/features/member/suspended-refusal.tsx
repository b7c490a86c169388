import { isRouteErrorResponse } from 'react-router';
import type { Me } from '../../lib/me.ts';
import { pageTitle } from '../../lib/titles.ts';
import { SuspensionNotice } from './suspension-notice.tsx';

/** A suspended member's form refused by a route action's guard (lib/suspension.server.ts): the
 * 403's data, which the root's ErrorBoundary shows in place of the page. */
export interface SuspendedRefusalData {
  suspended: {
    /** The end as the site's calendar says it. */
    until: string;
    reason: string;
    /** The page the form was sent from, to go back to. */
    back: string;
    /** What the member typed, so nothing is lost while the form cannot be sent. */
    kept: { name: string; label: string; text: string }[];
    /** The member, for the page's header. */
    me: Me | null;
  };
}

/** The fields of the site's forms a member writes in, by name, with how the refusal names them;
 * the others (intent, ids, choices) are the form's own. */
const TYPED_FIELDS: Record<string, string> = { title: '제목', content: '내용', detail: '내용', remark: '메모', reason: '적은 사유' };

/** The typed text of a refused form, in the order it was sent (the last of a repeated name, as
 * the actions read it); blank fields left out. */
export function keptText(sent: FormData): SuspendedRefusalData['suspended']['kept'] {
  const kept = new Map<string, SuspendedRefusalData['suspended']['kept'][number]>();
  sent.forEach((value, name) => {
    const label = TYPED_FIELDS[name];
    if (label && typeof value === 'string' && value.trim()) kept.set(name, { name, label, text: value });
  });
  return [...kept.values()];
}

export function suspendedRefusalOf(error: unknown): SuspendedRefusalData['suspended'] | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  const data = error.data as Partial<SuspendedRefusalData> | null;
  return typeof data === 'object' && data?.suspended ? data.suspended : undefined;
}

/** The refusal's page: until when and why, the way to my page, and what was typed to copy. */
export function SuspendedRefusal({ refusal, siteName }: { refusal: SuspendedRefusalData['suspended']; siteName: string }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10">
      <title>{pageTitle(siteName, '활동 정지')}</title>
      <SuspensionNotice until={refusal.until} reason={refusal.reason} headingLevel={1}>
        <a href="/mypage" className="mt-3 inline-block font-medium text-red-900 underline underline-offset-2">
          마이페이지에서 정지 내용 보기
        </a>
      </SuspensionNotice>
      {refusal.kept.length > 0 ? (
        <section className="mt-6" aria-labelledby="kept-heading">
          <h2 id="kept-heading" className="font-semibold">
            보내지 못한 내용
          </h2>
          <p className="mt-1 text-sm text-slate-600 break-keep">정지가 끝난 뒤 다시 쓸 수 있도록 복사해 두세요.</p>
          {refusal.kept.map((k) => (
            <label key={k.name} className="mt-3 block">
              <span className="text-sm font-medium text-slate-700">{k.label}</span>
              <textarea
                readOnly
                defaultValue={k.text}
                rows={k.name === 'title' ? 2 : 5}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-3 break-words"
              />
            </label>
          ))}
        </section>
      ) : null}
      <a href={refusal.back} className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
        이전 페이지로
      </a>
    </main>
  );
}
