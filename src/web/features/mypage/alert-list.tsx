import { Form, useNavigation } from 'react-router';
import { ALERT_KEYWORD_MAX, ALERT_MAIL_LABELS, ALERT_MAX, ALERT_SECTIONS, type AlertMailMode, AlertMailModes } from '#shared/alerts.ts';

// 키워드 알림: the member's keywords and a form to add one. Plain form posts to the page's action
// (add, delete), the same with or without JavaScript. A refusal is shown under the keyword box
// and read with it; an added keyword is said so, and the form starts empty again (the page gives
// it a new key).

export interface AlertItem {
  id: number;
  keyword: string;
  section: string;
  mail: string;
}

const sectionLabel = (key: string) => ALERT_SECTIONS.find((s) => s.key === key)?.label ?? '전체';
const fieldClass = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base';

export function AlertForm({ count, error, added }: { count: number; error?: string; added?: string }) {
  const busy = useNavigation().state === 'submitting';
  const full = count >= ALERT_MAX;
  return (
    <Form method="post" noValidate className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value="add" />
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor="alert-keyword" className="block font-semibold">
            키워드
          </label>
          <input
            id="alert-keyword"
            name="keyword"
            required
            maxLength={ALERT_KEYWORD_MAX}
            placeholder="예: 렌트, 간호사"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'alert-keyword-error' : undefined}
            className={fieldClass}
          />
        </div>
        {/* Labels beside their selects, not around them: a label around a select names it with
            all of its options' text. */}
        <div className="space-y-1">
          <label htmlFor="alert-section" className="block font-semibold">
            섹션
          </label>
          <select id="alert-section" name="section" defaultValue="" className={fieldClass}>
            <option value="">전체</option>
            {ALERT_SECTIONS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="alert-mail" className="block font-semibold">
            메일
          </label>
          <select id="alert-mail" name="mail" defaultValue="none" className={fieldClass}>
            {AlertMailModes.map((m) => (
              <option key={m} value={m}>
                {ALERT_MAIL_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={busy || full}
          className="min-h-11 rounded-lg bg-brand-600 px-5 font-semibold whitespace-nowrap text-white hover:bg-brand-700 disabled:opacity-50"
        >
          추가
        </button>
      </div>
      {error ? (
        <p id="alert-keyword-error" role="alert" className="font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {added ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800">
          "{added}" 키워드를 등록했습니다. 맞는 새 글이 올라오면 알려 드립니다.
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {full ? `키워드는 ${ALERT_MAX}개까지 등록할 수 있습니다. ` : ''}새 글, 구인, 매물, 업소 가운데 검색에 이 키워드로 나오는 글이
        올라오면 알려 드립니다.
      </p>
    </Form>
  );
}

export function AlertList({ items }: { items: AlertItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {items.map((a) => (
        <li key={a.id} className="flex items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">{a.keyword}</p>
            <p className="text-sm text-slate-600">
              {sectionLabel(a.section)} · {ALERT_MAIL_LABELS[a.mail as AlertMailMode] ?? ALERT_MAIL_LABELS.none}
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={a.id} />
            <button
              type="submit"
              aria-label={`${a.keyword} 키워드 삭제`}
              className="min-h-11 shrink-0 rounded-lg border border-slate-300 px-3 font-semibold hover:bg-slate-50"
            >
              삭제
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
