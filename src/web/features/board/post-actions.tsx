import { Link, useNavigate } from 'react-router';
import type { SectionTable } from '#shared/schemas/content.ts';
import { askConfirm, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';

/** 수정 and 삭제 for the author and admins (the server checks again). Delete asks first, then
 * goes back to the section's list. */
export function PostActions({ resource, id, listPath }: { resource: SectionTable; id: number; listPath: string }) {
  const navigate = useNavigate();
  const remove = () =>
    askConfirm({
      title: '이 글을 삭제할까요?',
      content: '삭제한 글은 되돌릴 수 없습니다.',
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
      <button type="button" onClick={remove} className={`${button} border-red-300 bg-white text-red-700 hover:bg-red-50`}>
        삭제
      </button>
    </>
  );
}
