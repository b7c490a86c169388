import { Form } from 'react-router';
import { EVENT_CATEGORIES, weekdayName } from '#shared/events.ts';
import { type Problems, ProblemText, problemProps } from '../../lib/field-problems.tsx';

/** What the form holds, as typed (the route's action turns it into the save's fields), and its
 * photos' paths. */
export type EventText = Record<(typeof EVENT_FORM_FIELDS)[number], string>;
export type EventTyped = EventText & { images?: string[] };

export const EVENT_FORM_FIELDS = [
  'title',
  'category',
  'startdate',
  'starttime',
  'endtime',
  'allday',
  'enddate',
  'weekday',
  'place',
  'address',
  'organization',
  'capacity',
  'url',
  'content',
] as const;

const INPUT = 'mt-1 min-h-12 w-full rounded-lg border border-slate-300 px-3 text-lg aria-invalid:border-red-600';
const LABEL = 'block font-semibold text-slate-800';

function Labelled({ name, label, problem, children }: { name: string; label: string; problem?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={`event-${name}`} className={LABEL}>
        {label}
      </label>
      {children}
      <ProblemText controlId={`event-${name}`} problem={problem} />
    </div>
  );
}

/** The event's form: a plain form the route's action takes, with or without JavaScript. `sent` is
 * what was typed (a refused save) or the event being edited; `photos`, the route's photo picker
 * (the editor's, which this feature may not import). */
export function EventForm({
  sent,
  organizations,
  photos,
  editing = false,
}: {
  sent?: Partial<EventTyped> & { problems?: Problems };
  organizations: readonly { id: number; title: string }[];
  photos: React.ReactNode;
  editing?: boolean;
}) {
  const p = sent?.problems ?? {};
  const text = (name: keyof EventTyped, label: string, type = 'text', extra: Record<string, string> = {}) => (
    <Labelled name={name} label={label} problem={p[name]}>
      <input
        id={`event-${name}`}
        name={name}
        type={type}
        defaultValue={sent?.[name] ?? ''}
        className={INPUT}
        {...extra}
        {...problemProps(p[name], `event-${name}`)}
      />
    </Labelled>
  );
  return (
    <Form method="post" className="grid max-w-2xl gap-4" noValidate>
      {text('title', '행사명')}
      <Labelled name="category" label="분류" problem={p.category}>
        <select id="event-category" name="category" defaultValue={sent?.category ?? EVENT_CATEGORIES[0]} className={INPUT}>
          {EVENT_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </Labelled>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('startdate', '시작일', 'date')}
        {text('starttime', '시작 시간', 'time')}
        {text('endtime', '종료 시간', 'time')}
      </div>
      <label className="flex min-h-12 items-center gap-2 text-lg">
        <input type="checkbox" name="allday" value="1" defaultChecked={sent?.allday === '1'} className="size-5" />
        종일 행사
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Labelled name="weekday" label="매주 반복" problem={p.weekday}>
          <select id="event-weekday" name="weekday" defaultValue={sent?.weekday ?? '0'} className={INPUT}>
            <option value="0">반복 안 함</option>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <option key={d} value={d}>{`매주 ${weekdayName(d)}요일`}</option>
            ))}
          </select>
        </Labelled>
        {text('enddate', '종료일 (반복 행사는 마지막 날)', 'date')}
      </div>
      {text('place', '장소')}
      {text('address', '주소')}
      <Labelled name="organization" label="주최 단체" problem={p.organization}>
        <select id="event-organization" name="organization" defaultValue={sent?.organization ?? '0'} className={INPUT}>
          <option value="0">없음</option>
          {organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
      </Labelled>
      {text('capacity', '정원 (0은 제한 없음)', 'number', { min: '0', inputMode: 'numeric' })}
      {text('url', '안내 페이지 주소', 'url')}
      <Labelled name="content" label="내용" problem={p.content}>
        <textarea id="event-content" name="content" rows={8} defaultValue={sent?.content ?? ''} className={`${INPUT} py-2`} />
      </Labelled>
      {photos}
      <button type="submit" className="min-h-12 rounded-lg bg-brand-700 px-6 text-lg font-semibold text-white">
        {editing ? '수정 완료' : '행사 등록'}
      </button>
    </Form>
  );
}
