import { useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { SectionTable } from '#shared/schemas/content.ts';
import { formatDate } from '#shared/format.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { askConfirm, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';

// 좋아요한 글, grouped by section. Removing asks first (a like is not restored by undo) and then
// reloads the list from the server, so counts and pages stay true.

export interface LikedItem {
  target: SectionTable;
  item: number;
  title?: string;
  date: string;
  /** The item's page; none when the item is gone. */
  url?: string;
}

export interface LikedGroup {
  key: string;
  label: string;
  items: LikedItem[];
}

export function LikeGroups({ groups, timeZone }: { groups: LikedGroup[]; timeZone: string }) {
  const { revalidate } = useRevalidator();
  const remove = (like: LikedItem) =>
    askConfirm({
      title: '좋아요를 취소할까요?',
      content: like.title,
      onSuccess: async () => {
        const answer = await withLoading(api.delete('/like', { target: like.target, item: like.item }));
        if (answer.code !== 'ok') return reportFailure(answer);
        showMessage('좋아요를 취소했습니다');
        await revalidate();
      },
    });
  return (
    <div className="space-y-6">
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`like-${g.key}`}>
          <h2 id={`like-${g.key}`} className="mb-2 text-lg font-bold">
            {g.label} <span className="text-brand-700">{g.items.length}</span>
          </h2>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {g.items.map((like) => (
              <li key={`${like.target}-${like.item}`} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  {like.url === undefined ? (
                    <span className="text-slate-500">볼 수 없는 글입니다 (검토 중이거나 삭제됨)</span>
                  ) : (
                    <Link to={like.url} className="font-semibold break-words hover:text-brand-700 hover:underline">
                      {like.title}
                    </Link>
                  )}
                  <p className="text-sm text-slate-500">{formatDate(like.date, timeZone)} 좋아요</p>
                </div>
                <button
                  type="button"
                  onClick={() => remove(like)}
                  aria-label={`${like.title ?? '볼 수 없는 글'} 좋아요 취소`}
                  className="min-h-11 shrink-0 rounded-lg border border-slate-300 px-3 font-semibold hover:bg-slate-50"
                >
                  좋아요 취소
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
