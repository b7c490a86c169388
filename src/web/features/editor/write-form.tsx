import { useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { askConfirm, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { type Problems, problemsOf, useFieldProblems } from '../../lib/field-problems.tsx';
import type { FormState } from './form-fields.tsx';
import { ImagePicker } from './image-picker.tsx';
import type { FormField } from './write-fields.tsx';
import { isShown, saveBody, type WriteTarget, type WriteValues } from './write-target.ts';
import { koreanDetail } from '#shared/messages.ts';
import { confirmListingText } from './scam-check.ts';
import { UNSAVED } from '../../lib/unsaved-input.ts';

// The write and edit form of every kind: its declared fields in order (web/kinds), then the photos
// where the kind takes them. Checked with the server's own schema first; a refusal keeps everything typed; leaving with unsaved changes asks first.
// Without JavaScript the same form posts to the page, whose action saves it through the same
// service (routes/section-write.tsx) and answers what it refused with `sent`.

const LEAVE_TITLE = '작성 중인 내용이 저장되지 않았습니다. 페이지를 떠날까요?';

/** What the page's action answers for a form it refused: the values as sent, and why. */
export interface SentForm {
  values: WriteValues;
  problems: Problems;
}

export function WriteForm({
  target,
  id,
  initial,
  sent,
  screened = false,
}: {
  target: WriteTarget<FormField>;
  id: number;
  initial: WriteValues;
  sent?: SentForm;
  /** A listing: its text is checked for what scams use before it is published. */
  screened?: boolean;
}) {
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
    const checked = target.schema.safeParse(body);
    if (!checked.success) return fail(problemsOf(checked.error.issues));
    if (screened && !(await confirmListingText(target.section, String(body.title ?? ''), String(body.content ?? '')))) return;
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

  const has = (name: string) => name in values;
  return (
    <form
      ref={formRef}
      method="post"
      aria-label={id ? '글 수정' : '글쓰기'}
      {...UNSAVED(dirty)}
      noValidate
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {target.fields.map((field) =>
        field.Control && isShown(field, values, id > 0) ? (
          <field.Control key={field.name} form={form} editing={id > 0} section={target.section} />
        ) : null,
      )}
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
