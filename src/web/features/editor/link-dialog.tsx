import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { linkKind } from '#shared/links.ts';
import { Modal } from '../../components/ui/modal.tsx';

// The editor's 링크 button asks for the address in the page, in the same modal frame as the other
// dialogs (window.prompt cannot be labelled, styled or answered in place). Only the addresses
// the server keeps are accepted: a link the sanitizer would drop must not look saved.

const BUTTON = 'flex-1 rounded-lg py-3 font-semibold';

/** Answers the address on 확인, nothing on 취소, Escape or the backdrop. `hasText`: a selection
 * becomes the link's text; otherwise the address itself is inserted. */
export function LinkDialog({ hasText, onDone }: { hasText: boolean; onDone: (href?: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [href, setHref] = useState('');
  const [problem, setProblem] = useState('');
  useEffect(() => input.current?.focus(), []);

  function confirm() {
    const value = href.trim();
    if (linkKind(value)) return onDone(value);
    setProblem(value ? 'http://, https:// 또는 mailto:로 시작하는 주소만 넣을 수 있습니다' : '링크 주소를 입력하세요');
    input.current?.focus();
  }

  // In <body>, not inside the editor: the write form around the editor must not see this
  // dialog's Enter as its own submit, and a <form> may not sit inside another.
  return createPortal(
    <Modal labelledBy="link-dialog-title" describedBy="link-dialog-hint" onClose={() => onDone()} closeOnBackdrop className="max-w-md p-6">
      <h2 id="link-dialog-title" className="text-lg font-bold">
        링크 넣기
      </h2>
      <p id="link-dialog-hint" className="mt-1 text-slate-600">
        {hasText ? '선택한 글자에 링크를 겁니다.' : '입력한 주소가 본문에 링크로 들어갑니다.'}
      </p>
      <label htmlFor="link-dialog-href" className="mt-4 block font-semibold text-slate-800">
        링크 주소
      </label>
      <input
        ref={input}
        id="link-dialog-href"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={href}
        onChange={(e) => {
          setHref(e.target.value);
          setProblem('');
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          confirm();
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'link-dialog-problem' : undefined}
        className="mt-1 min-h-12 w-full rounded-lg border border-slate-300 px-3 text-lg aria-[invalid=true]:border-red-600"
      />
      {problem ? (
        <p id="link-dialog-problem" role="alert" className="mt-1 font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="mt-6 flex gap-3">
        <button type="button" onClick={() => onDone()} className={`${BUTTON} border border-slate-300 hover:bg-slate-50`}>
          취소
        </button>
        <button type="button" onClick={confirm} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
          확인
        </button>
      </div>
    </Modal>,
    document.body,
  );
}
