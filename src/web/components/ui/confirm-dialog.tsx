import { useEffect, useRef } from 'react';
import { settleConfirm, useScreen } from '../../lib/screen-store.ts';
import { Modal } from './modal.tsx';

/** SPEC §2/§4: title, optional content, 취소 and 확인 (or the asker's words for them). Escape, the backdrop and 취소 cancel;
 * 확인 runs the success action. Focus starts on 취소, the choice that changes nothing. */
export function ConfirmDialog() {
  const confirm = useScreen((s) => s.confirm);
  if (!confirm.visible) return null;
  return (
    <Modal
      labelledBy="confirm-title"
      describedBy={confirm.content ? 'confirm-content' : undefined}
      onClose={() => settleConfirm(false)}
      closeOnBackdrop
      className="max-w-sm p-6"
    >
      <ConfirmBody {...confirm} />
    </Modal>
  );
}

function ConfirmBody({
  title,
  content,
  confirmLabel = '확인',
  cancelLabel = '취소',
}: {
  title: string;
  content?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <>
      <h2 id="confirm-title" className="text-lg font-bold">
        {title}
      </h2>
      {content ? (
        <p id="confirm-content" className="mt-2 whitespace-pre-line text-slate-700">
          {content}
        </p>
      ) : null}
      <div className="mt-6 flex gap-3">
        <button
          ref={cancel}
          type="button"
          onClick={() => settleConfirm(false)}
          className="flex-1 rounded-lg border border-slate-300 py-3 font-semibold hover:bg-slate-50"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={() => settleConfirm(true)}
          className="flex-1 rounded-lg bg-brand-600 py-3 font-semibold text-white hover:bg-brand-700"
        >
          {confirmLabel}
        </button>
      </div>
    </>
  );
}
