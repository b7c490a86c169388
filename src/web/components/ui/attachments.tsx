import type { Attachment } from '#shared/api.ts';
import { formatFileSize } from '#shared/format.ts';
import { APP_CLICK } from '../../lib/deferred-hydration.ts';
import { forMembers, forVisitors } from '../../lib/me.ts';
import { api } from '../../lib/session.ts';
import { LoginLink } from './login-link.tsx';

/** An item's files (첨부파일): each one's name and its size in SPEC §9's units, which never splits
 * across lines, and 내려받기. A member's download goes through the API client (SPEC §7: a GET with
 * the auth header), which announces a failure as 파일 다운로드 실패 (SPEC §8); without the app the
 * same link downloads with the session cookie. Downloads are for members: a visitor's 내려받기
 * asks them to log in and comes back here. */
export function Attachments({ items, path }: { items: Attachment[]; path: string }) {
  if (items.length === 0) return null;
  const look =
    'inline-flex min-h-10 shrink-0 items-center rounded-full border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-50';
  return (
    <section id="attachments" aria-labelledby="attachments-title" className="mt-6 scroll-mt-24 rounded-xl border border-slate-200">
      <h2 id="attachments-title" className="border-b border-slate-200 px-3 py-2 text-base font-bold">
        첨부파일 <span className="text-slate-500">{items.length}</span>
      </h2>
      <ul className="divide-y divide-slate-100">
        {items.map((file) => (
          <li key={file.id} className="flex items-center gap-3 px-3 py-2">
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              {file.filename}{' '}
              <span data-testid="attachment-size" className="whitespace-nowrap text-sm text-slate-500">
                {formatFileSize(file.size)}
              </span>
            </span>
            {/* The page is shared: both links are in it, #me-style shows the reader's (lib/me.ts). */}
            <a
              href={`/api${file.download}`}
              download={file.filename}
              aria-label={`${file.filename} 내려받기`}
              {...forMembers}
              {...APP_CLICK}
              onClick={(event) => {
                if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
                event.preventDefault();
                void api.download(file.download);
              }}
              className={look}
            >
              내려받기
            </a>
            <span {...forVisitors} className="contents">
              <LoginLink next={`${path}#attachments`} className={look}>
                내려받기<span className="sr-only"> {file.filename} (로그인 필요)</span>
              </LoginLink>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
