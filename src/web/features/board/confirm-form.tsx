/** The confirm dialog's question without JavaScript: the page's action answered a delete (or a
 * leave) with it. 삭제 sends the same form again, confirmed; 취소 loads the page again as it was (a form, as a
 * link that differs only in its #fragment would not reload the page). */
export function ConfirmForm({
  title,
  content,
  action,
  fields,
  cancel,
  confirm = '삭제',
}: {
  title: string;
  content?: string;
  action: string;
  fields: Record<string, string | number>;
  cancel: string;
  /** The button that does it: 삭제, 나가기. */
  confirm?: string;
}) {
  return (
    <div className="mt-2 basis-full rounded-xl border border-red-200 bg-red-50 p-4 text-left">
      <p role="alert" className="font-semibold text-slate-900">
        {title}
      </p>
      {content ? <p className="mt-1 text-sm text-slate-700">{content}</p> : null}
      <div className="mt-3 flex gap-3">
        <form method="get" action={cancel}>
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-700"
          >
            취소
          </button>
        </form>
        <form method="post" action={action}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="1" />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
          >
            {confirm}
          </button>
        </form>
      </div>
    </div>
  );
}
