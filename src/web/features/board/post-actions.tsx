import { useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { SectionTable } from '#shared/schemas/content.ts';
import { askConfirm, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { ConfirmForm } from './confirm-form.tsx';
import { RefusalNote } from './refusal-note.tsx';

const DELETE_TITLE = '이 글을 삭제할까요?';
const DELETE_CONTENT = '삭제한 글은 되돌릴 수 없습니다.';

/** 수정 and 삭제 for the author (the server checks again). Delete asks first, then goes back to
 * the section's list. 삭제 is a form that posts to the item's page: without JavaScript its action
 * asks (`asked`) and deletes; with the app the confirm dialog asks and the API deletes. */
export function PostActions({
  resource,
  id,
  path,
  listPath,
  asked = false,
  refusal,
}: {
  resource: SectionTable;
  id: number;
  /** The item's page, where the form posts. */
  path: string;
  listPath: string;
  asked?: boolean;
  /** Why the page's action refused the delete (without JavaScript). */
  refusal?: string;
}) {
  const navigate = useNavigate();
  const remove = () =>
    askConfirm({
      title: DELETE_TITLE,
      content: DELETE_CONTENT,
      onSuccess: async () => {
        const answer = await withLoading(api.delete(`/${resource}`, { id }));
        if (answer.code !== 'ok') return reportFailure(answer);
        showMessage('삭제했습니다');
        navigate(listPath);
      },
    });
  const button = 'inline-flex min-h-11 items-center rounded-full border px-4 font-semibold';
  return (
    <>
      <Link to={`${listPath}/write?id=${id}`} className={`${button} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
        수정
      </Link>
      <form
        method="post"
        action={`${path}#post-actions`}
        onSubmit={(event) => {
          event.preventDefault();
          remove();
        }}
      >
        <input type="hidden" name="intent" value="delete-post" />
        <button type="submit" className={`${button} border-red-300 bg-white text-red-700 hover:bg-red-50`}>
          삭제
        </button>
      </form>
      {asked ? (
        <ConfirmForm title={DELETE_TITLE} content={DELETE_CONTENT} action={path} fields={{ intent: 'delete-post' }} cancel={path} />
      ) : null}
      <RefusalNote message={refusal} />
    </>
  );
}
