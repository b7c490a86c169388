import { useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { EMPLOYMENT_TYPES, LOCATIONS, SECTION_CATEGORIES } from '#shared/categories.ts';
import { closedDaysOf, WEEKDAY_NAMES } from '#shared/business-hours.ts';
import { JobsTypeLabel, MarketStatusLabel } from '#shared/enums.ts';
import { askConfirm, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { type Problems, problemsOf, useFieldProblems } from '../../lib/field-problems.tsx';
import { type FormState, PriceField, SelectField, TextField } from './form-fields.tsx';
import { ImagePicker } from './image-picker.tsx';
import { RichEditor } from './rich-editor.tsx';
import { isSeeking, SAVE_SCHEMAS, saveBody, type WriteTarget, type WriteValues } from './write-target.ts';
import { koreanDetail } from '#shared/messages.ts';
import { TITLE_MAX } from '#shared/limits.ts';

// The write and edit form of board posts, jobs and business listings. Checked with the server's
// own schema first; a refusal keeps everything typed; leaving with unsaved changes asks first.
// Without JavaScript the same form posts to the page, whose action saves it through the same
// service (routes/section-write.tsx) and answers what it refused with `sent`.

const LEAVE_TITLE = '작성 중인 내용이 저장되지 않았습니다. 페이지를 떠날까요?';

const pairs = (labels: Record<number, string>) => Object.entries(labels).map(([v, l]) => [Number(v), l] as const);

/** What the page's action answers for a form it refused: the values as sent, and why. */
export interface SentForm {
  values: WriteValues;
  problems: Problems;
}

export function WriteForm({ target, id, initial, sent }: { target: WriteTarget; id: number; initial: WriteValues; sent?: SentForm }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(sent?.values ?? initial);
  const { problems, show, clear } = useFieldProblems(sent?.problems);
  // Set once a save succeeded, so that the way to the saved item is not blocked.
  const saved = useRef(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const form: FormState = {
    values,
    problems,
    set: (name, value) => {
      clear(name);
      setValues((prev) => ({ ...prev, [name]: value }));
    },
  };

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state === 'blocked') askConfirm({ title: LEAVE_TITLE, onSuccess: blocker.proceed, onCancel: blocker.reset });
  }, [blocker]);

  /** Every problem under its field; focus and the message box take the first on the page. */
  const fail = (found: Problems) => show(formRef.current, found);

  const submit = async () => {
    const body = saveBody(target, id, values);
    const checked = SAVE_SCHEMAS[target.resource].safeParse(body);
    if (!checked.success) return fail(problemsOf(checked.error.issues));
    const path = `/${target.resource}`;
    const answer = await withLoading(id ? api.put<{ id?: number }>(path, body) : api.post<{ id?: number }>(path, body));
    if (answer.code !== 'ok') {
      // A field the server refused with a Korean reason is shown where it belongs.
      const reason = koreanDetail(answer);
      if (answer.field && answer.field in values && reason) return fail({ [answer.field]: reason });
      return reportFailure(answer);
    }
    saved.current = true;
    showMessage('저장했습니다');
    navigate(target.detailPath(id || (answer.id ?? 0)));
  };

  const categories = SECTION_CATEGORIES[target.section];
  const has = (name: string) => name in values;
  const seeking = isSeeking(target, values);
  return (
    <form
      ref={formRef}
      method="post"
      aria-label={id ? '글 수정' : '글쓰기'}
      noValidate
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {target.resource === 'jobs' ? <SelectField form={form} name="type" label="구분" options={pairs(JobsTypeLabel)} empty={null} /> : null}
      <SelectField form={form} name="category" label="분류" options={categories} />
      {target.resource === 'business' ? (
        <TextField form={form} name="subcategory" label="세부 분류" placeholder="예: 한식, 소아과" />
      ) : null}
      <TextField form={form} name="title" label={target.resource === 'business' ? '업소명' : '제목'} wide maxLength={TITLE_MAX} />
      {has('location') ? <SelectField form={form} name="location" label="지역" options={LOCATIONS} /> : null}
      {has('price') ? (
        <>
          <PriceField form={form} />
          {/* A new listing is in trade (거래중, the default): 거래완료 is chosen when editing it. */}
          {id ? <SelectField form={form} name="marketstatus" label="거래 상태" options={pairs(MarketStatusLabel)} empty={null} /> : null}
        </>
      ) : null}
      {target.resource === 'jobs' ? (
        <>
          {/* A 구직 post is a person looking for work: no company, deadline or hiring manager. */}
          {seeking ? null : <TextField form={form} name="companyname" label="회사명" />}
          <SelectField form={form} name="employmenttype" label={seeking ? '희망 고용 형태' : '고용 형태'} options={EMPLOYMENT_TYPES} />
          {seeking ? null : (
            <>
              <TextField form={form} name="limitdate" label="마감일 (비우면 상시 모집)" type="date" />
              <TextField form={form} name="manager" label="담당자" />
            </>
          )}
        </>
      ) : null}
      {has('tel') ? <TextField form={form} name="tel" label="전화번호" type="tel" inputMode="tel" /> : null}
      {has('email') ? <TextField form={form} name="email" label="이메일" type="email" inputMode="email" /> : null}
      {target.resource === 'business' ? <TextField form={form} name="address" label="주소" wide /> : null}
      {has('url') ? <TextField form={form} name="url" label="홈페이지" type="url" inputMode="url" placeholder="https://" /> : null}
      {target.resource === 'business' ? <BusinessHours form={form} /> : null}
      <RichEditor form={form} name="content" label="내용" />
      {has('etitle') ? (
        <>
          <TextField form={form} name="etitle" label="영문 제목 (English title, 선택)" wide maxLength={TITLE_MAX} />
          <RichEditor form={form} name="econtent" label="영문 내용 (English content, 선택)" />
        </>
      ) : null}
      {has('images') ? (
        <ImagePicker
          images={values.images as string[]}
          max={10}
          error={problems.images ?? problems.image}
          onChange={(next) => {
            clear('images');
            clear('image');
            setValues((prev) => ({ ...prev, images: next(prev.images as string[]) }));
          }}
        />
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className="min-h-12 rounded-lg bg-brand-600 px-6 text-lg font-semibold text-white hover:bg-brand-700">
          {id ? '수정 완료' : '등록'}
        </button>
        <Link
          to={id ? target.detailPath(id) : target.listPath}
          className="inline-flex min-h-12 items-center rounded-lg border border-slate-300 px-6 text-lg font-semibold text-slate-700 hover:bg-slate-50"
        >
          취소
        </Link>
      </div>
    </form>
  );
}

/** Weekday, weekend and break hours and the closed days (PRODUCT.md: they drive the 영업중 badge). */
function BusinessHours({ form }: { form: FormState }) {
  const rows = [
    ['평일', 'starttime', 'endtime'],
    ['주말', 'weekendstarttime', 'weekendendtime'],
    ['브레이크', 'breakstarttime', 'breakendtime'],
  ] as const;
  return (
    // A time input needs about 170 px for 오후 12:45 and its clock: one a line on a phone, a pair
    // a line from 26rem, the three pairs side by side only where each has that room (issue #32).
    <fieldset className="grid gap-3 sm:col-span-2 lg:grid-cols-3">
      <legend className="mb-2 font-semibold text-slate-800">
        영업 시간 <span className="font-normal text-slate-500">(주말을 비우면 평일과 같습니다)</span>
      </legend>
      {rows.map(([label, start, end]) => (
        <div key={start} className="grid gap-2 min-[26rem]:grid-cols-2">
          <TextField form={form} name={start} label={`${label} 시작`} type="time" />
          <TextField form={form} name={end} label={`${label} 종료`} type="time" />
        </div>
      ))}
      <ClosedDays form={form} />
    </fieldset>
  );
}

/** 휴무일: a box per weekday, kept as ISO weekdays "6,7" (shared/business-hours.ts). */
function ClosedDays({ form }: { form: FormState }) {
  const days = closedDaysOf(String(form.values.closeddays ?? ''));
  const toggle = (day: number, on: boolean) => {
    const next = on ? [...days, day] : days.filter((d) => d !== day);
    form.set('closeddays', next.sort().join(','));
  };
  return (
    <fieldset className="lg:col-span-3">
      <legend className="font-semibold text-slate-800">휴무일</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {WEEKDAY_NAMES.map((name, i) => (
          <label
            key={name}
            className="flex min-h-12 min-w-12 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 font-semibold has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700"
          >
            <input
              type="checkbox"
              name="closeddays"
              value={i + 1}
              checked={days.includes(i + 1)}
              onChange={(e) => toggle(i + 1, e.target.checked)}
              className="size-5"
            />
            {name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
