import { useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { MainscheduleRecord } from '#shared/api.ts';
import { askConfirm } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { buttonClass, runCalls } from './admin-ui.tsx';

// /admin/mainschedule (its write page: schedule-form.tsx): the index page's events (PRODUCT.md's fields), in the
// order admins give them, each switched on (status 1) or off (status 2). The index page reads
// them on every request, so a change shows there at once.

/** A schedule item without its content, which the write page edits as lines. */
export type ScheduleItem = Omit<MainscheduleRecord, 'content'>;

const ARROW =
  'inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40';

const WEEKDAYS = ['', '월', '화', '수', '목', '금', '토', '일'];

function when(i: ScheduleItem): string {
  const days = i.weekday ? `매주 ${WEEKDAYS[i.weekday]}요일` : [i.startdate, i.enddate].filter(Boolean).join(' ~ ');
  const times = [i.starttime, i.endtime].filter(Boolean).join(' ~ ');
  return [days, times].filter(Boolean).join(' ');
}

export function ScheduleList({ items }: { items: ScheduleItem[] }) {
  const { revalidate } = useRevalidator();
  /** Moves one item up or down and renumbers the list in steps of 10, writing only the items
   * whose number changed (items saved with equal numbers get distinct ones). */
  const move = (index: number, delta: number) => {
    const order = [...items];
    const [item] = order.splice(index, 1);
    order.splice(index + delta, 0, item as ScheduleItem);
    const calls = order
      .map((it, i) => ({ id: it.id, sortorder: (i + 1) * 10, before: it.sortorder }))
      .filter((c) => c.sortorder !== c.before)
      .map((c) => () => api.put('/mainschedule', { id: c.id, sortorder: c.sortorder }));
    void runCalls(calls, '순서를 바꿨습니다', revalidate);
  };
  const toggle = (i: ScheduleItem) =>
    runCalls(
      [() => api.put('/mainschedule', { id: i.id, status: i.status === 1 ? 2 : 1 })],
      i.status === 1 ? '사용안함으로 바꿨습니다' : '사용으로 바꿨습니다',
      revalidate,
    );
  const remove = (i: ScheduleItem) =>
    askConfirm({
      title: `'${i.title}' 일정을 삭제할까요?`,
      content: '삭제한 일정은 되돌릴 수 없습니다.',
      onSuccess: () => runCalls([() => api.delete('/mainschedule', { id: i.id })], '삭제했습니다', revalidate),
    });

  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
        등록된 일정이 없습니다.
      </p>
    );
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((i, index) => (
        <li key={i.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          {/* The order buttons stay beside the title, so a phone's row keeps its actions on one line. */}
          <div className="flex flex-col gap-1">
            <button type="button" className={ARROW} disabled={index === 0} aria-label={`${i.title} 위로`} onClick={() => move(index, -1)}>
              ▲
            </button>
            <button
              type="button"
              className={ARROW}
              disabled={index === items.length - 1}
              aria-label={`${i.title} 아래로`}
              onClick={() => move(index, 1)}
            >
              ▼
            </button>
          </div>
          <div className="min-w-0 flex-1 basis-48">
            <span className={`font-semibold ${i.status === 2 ? 'text-slate-400 line-through' : ''}`}>{i.title}</span>
            {i.category ? <span className="ml-2 text-sm text-brand-700">[{i.category}]</span> : null}
            <span className="block text-sm text-slate-600">{[when(i), i.location].filter(Boolean).join(' · ')}</span>
          </div>
          <div className="flex gap-2 max-sm:w-full max-sm:justify-end">
            <button
              type="button"
              className={buttonClass.plain}
              aria-pressed={i.status === 1}
              aria-label={`${i.title} 사용`}
              onClick={() => toggle(i)}
            >
              {i.status === 1 ? '사용' : '사용안함'}
            </button>
            <Link to={`/admin/mainschedule/write?id=${i.id}`} className={buttonClass.plain} aria-label={`${i.title} 수정`}>
              수정
            </Link>
            <button type="button" className={buttonClass.danger} aria-label={`${i.title} 삭제`} onClick={() => remove(i)}>
              삭제
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
