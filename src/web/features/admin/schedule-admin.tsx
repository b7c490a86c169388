import { Link, useNavigate, useRevalidator } from 'react-router';
import type { MainscheduleRecord } from '#shared/api.ts';
import { askConfirm } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { linesToHtml } from '../../lib/paragraphs.ts';
import { buttonClass, inputClass, runCalls } from './admin-ui.tsx';

// /admin/mainschedule and its write page: the index page's events (PRODUCT.md's fields), in the
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

function Input({
  name,
  label,
  type = 'text',
  value,
  required,
}: {
  name: string;
  label: string;
  type?: string;
  value: string | number;
  required?: boolean;
}) {
  return (
    <label className="flex flex-col gap-1 font-semibold">
      {label}
      <input name={name} type={type} defaultValue={value} required={required} className={inputClass} />
    </label>
  );
}

const TEXT_FIELDS = ['title', 'category', 'location', 'startdate', 'enddate', 'starttime', 'endtime', 'url'];

export function ScheduleForm({ item, contentText }: { item: ScheduleItem; contentText: string }) {
  const navigate = useNavigate();
  const save = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const body = {
      id: item.id,
      ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)])),
      content: linesToHtml(text('content')),
      weekday: Number(text('weekday')),
      status: Number(text('status')),
      sortorder: Number(text('sortorder')),
    };
    const call = () => (item.id ? api.put('/mainschedule', body) : api.post('/mainschedule', body));
    void runCalls([call], '저장했습니다', () => undefined).then((ok) => ok && navigate('/admin/mainschedule'));
  };
  return (
    <form
      aria-label="일정"
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save(e.currentTarget);
      }}
    >
      <div className="sm:col-span-2">
        <Input name="title" label="제목" value={item.title} required />
      </div>
      <Input name="category" label="분류" value={item.category} />
      <Input name="location" label="장소" value={item.location} />
      <Input name="startdate" label="시작일" type="date" value={item.startdate} />
      <Input name="enddate" label="종료일" type="date" value={item.enddate} />
      <Input name="starttime" label="시작 시간" type="time" value={item.starttime} />
      <Input name="endtime" label="종료 시간" type="time" value={item.endtime} />
      <label className="flex flex-col gap-1 font-semibold">
        반복
        <select name="weekday" defaultValue={item.weekday} className={inputClass}>
          <option value="0">반복 없음</option>
          {WEEKDAYS.slice(1).map((d, i) => (
            <option key={d} value={i + 1}>
              매주 {d}요일
            </option>
          ))}
        </select>
      </label>
      <Input name="url" label="링크 (https://...)" type="url" value={item.url} />
      <label className="flex flex-col gap-1 font-semibold">
        사용
        <select name="status" defaultValue={item.status} className={inputClass}>
          <option value="1">사용</option>
          <option value="2">사용안함</option>
        </select>
      </label>
      <Input name="sortorder" label="순서 (작을수록 먼저)" type="number" value={item.sortorder} />
      <label className="flex flex-col gap-1 font-semibold sm:col-span-2">
        내용
        <textarea name="content" rows={4} defaultValue={contentText} className="rounded-lg border border-slate-300 p-3" />
      </label>
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className={buttonClass.primary}>
          저장
        </button>
        <Link to="/admin/mainschedule" className={buttonClass.plain}>
          목록
        </Link>
      </div>
    </form>
  );
}
