import { useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { WEEKDAY_NAMES } from '#shared/business-hours.ts';
import { MainscheduleSaveSchema } from '#shared/schemas/content.ts';
import { type Problems, ProblemText, problemProps, problemsOf, useFieldProblems } from '../../lib/field-problems.tsx';
import { linesToHtml } from '../../lib/paragraphs.ts';
import { api } from '../../lib/session.ts';
import { buttonClass, inputClass, runCalls } from './admin-ui.tsx';
import type { ScheduleItem } from './schedule-admin.tsx';

// /admin/mainschedule/write: one event of the index page's schedule. Checked with the server's
// schema before sending (the site's Korean messages under each field, never the browser's
// bubbles); without JavaScript the form posts to the page, whose action saves it the same way
// (routes/admin-mainschedule-write.tsx) and answers what it refused with what was typed.

const TEXT_FIELDS = ['title', 'category', 'location', 'startdate', 'enddate', 'starttime', 'endtime', 'url'] as const;
const NUMBER_FIELDS = ['weekday', 'status', 'sortorder'] as const;

/** The form as typed: every field as text, the content as its lines. */
export type ScheduleTyped = Record<(typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number] | 'content', string>;

export function scheduleTyped(data: FormData): ScheduleTyped {
  const names = [...TEXT_FIELDS, ...NUMBER_FIELDS, 'content'] as const;
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as ScheduleTyped;
}

/** What a save sends (the API's body, and the page action's too). */
export function scheduleBody(id: number, typed: ScheduleTyped) {
  return {
    id,
    ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, typed[name]])),
    content: linesToHtml(typed.content),
    ...Object.fromEntries(NUMBER_FIELDS.map((name) => [name, typed[name].trim() === '' ? 0 : Number(typed[name])])),
  };
}

/** The schema's refusals of a body, under their fields. */
export function scheduleProblems(body: ReturnType<typeof scheduleBody>): Problems {
  const checked = MainscheduleSaveSchema.safeParse(body);
  return checked.success ? {} : problemsOf(checked.error.issues);
}

function Input({
  name,
  label,
  type = 'text',
  value,
  problems,
}: {
  name: string;
  label: string;
  type?: string;
  value: string | number;
  problems: Problems;
}) {
  const id = `schedule-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        className={`${inputClass} aria-invalid:border-red-600`}
        {...problemProps(problems[name], id)}
      />
      <ProblemText controlId={id} problem={problems[name]} />
    </div>
  );
}

export function ScheduleForm({
  item,
  contentText,
  sent,
}: {
  item: ScheduleItem;
  contentText: string;
  sent?: { typed: ScheduleTyped; problems: Problems };
}) {
  const navigate = useNavigate();
  const { problems, show, onEdit } = useFieldProblems(sent?.problems);
  const v = sent?.typed ?? { ...item, content: contentText };
  const save = (form: HTMLFormElement) => {
    const body = scheduleBody(item.id, scheduleTyped(new FormData(form)));
    const found = scheduleProblems(body);
    if (Object.keys(found).length > 0) return show(form, found);
    const call = () => (item.id ? api.put('/mainschedule', body) : api.post('/mainschedule', body));
    void runCalls([call], '저장했습니다', () => undefined).then((ok) => ok && navigate('/admin/mainschedule'));
  };
  const input = (name: string, label: string, type?: string) => (
    <Input name={name} label={label} type={type} value={v[name as keyof typeof v] ?? ''} problems={problems} />
  );
  return (
    <form
      method="post"
      noValidate
      aria-label="일정"
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
      onInput={onEdit}
      onSubmit={(e) => {
        e.preventDefault();
        save(e.currentTarget);
      }}
    >
      <div className="sm:col-span-2">{input('title', '제목')}</div>
      {input('category', '분류')}
      {input('location', '장소')}
      {input('startdate', '시작일', 'date')}
      {input('enddate', '종료일', 'date')}
      {input('starttime', '시작 시간', 'time')}
      {input('endtime', '종료 시간', 'time')}
      <label className="flex flex-col gap-1 font-semibold">
        반복
        <select name="weekday" defaultValue={v.weekday} className={inputClass}>
          <option value="0">반복 없음</option>
          {WEEKDAY_NAMES.map((d, i) => (
            <option key={d} value={i + 1}>
              매주 {d}요일
            </option>
          ))}
        </select>
      </label>
      {input('url', '링크 (https://...)', 'url')}
      <label className="flex flex-col gap-1 font-semibold">
        사용
        <select name="status" defaultValue={v.status} className={inputClass}>
          <option value="1">사용</option>
          <option value="2">사용안함</option>
        </select>
      </label>
      {input('sortorder', '순서 (작을수록 먼저)', 'number')}
      <label className="flex flex-col gap-1 font-semibold sm:col-span-2">
        내용
        <textarea name="content" rows={4} defaultValue={v.content} className="rounded-lg border border-slate-300 p-3" />
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
