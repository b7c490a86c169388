import { useState } from 'react';
import {
  REPORT_DETAIL_MAX,
  REPORT_REASON_LABELS,
  REVIEW_LABEL,
  ReportMessages,
  ReportReasons,
  type ReportTarget,
} from '#shared/reports.ts';
import { api } from '../../lib/session.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { showMessage, withLoading } from '../../lib/screen-store.ts';
import { RefusalNote } from './refusal-note.tsx';
import type { Me } from '../../lib/me.ts';
import { Personal } from '../../components/personal/personal.tsx';

/** What the page's action sent back for one report form (without JavaScript): the refusal and
 * what was chosen, so nothing is lost; or `done` after the report was taken. */
export interface ReportOutcome {
  target: ReportTarget;
  item: number;
  done?: boolean;
  message?: string;
  reason?: string;
  detail?: string;
}

/** The anchor of an item's report control. */
export const reportAnchor = (target: ReportTarget, item: number) => `report-${target}-${item}`;

interface ReportProps {
  target: ReportTarget;
  item: number;
  /** The item's page, where the form posts. */
  path: string;
  /** What is reported, for assistive tech: 글, 댓글. */
  what: string;
  /** Whether the member reported it, when the page's loader ran for them; otherwise `me.reported`
   * says, as the server filled it in (a shared page). */
  reported?: boolean;
  outcome?: ReportOutcome;
  /** A comment's small link-like control instead of a post's round button. */
  compact?: boolean;
  [key: string]: unknown;
}

/** An item's 신고 on a shared page: a personal part (components/personal), since 신고함 is the
 * member's. A comment's control is not one (a hundred parts a page would cost every member's
 * fill-in): it shows 신고함 only on a page drawn for the member or after reporting. */
export function ReportPart(props: ReportProps) {
  return <Personal name="report" view={ReportView} props={props} />;
}

export function ReportView({ me, ...props }: ReportProps & { me: Me | null }) {
  const reported = props.reported ?? me?.reported?.includes(`${props.target}:${props.item}`) ?? false;
  // A login on the page draws the member's control afresh.
  return <ReportControl key={me?.id ?? 0} {...props} reported={reported} />;
}

/** 신고 (PRODUCT.md, beyond the spec): a disclosure that opens a small form with the reasons and a
 * text box. It posts to the item's page, whose action reports without JavaScript; with the app
 * it calls POST /api/report and says so in a toast. Once reported it shows 신고함. Only members
 * who are not the item's author are shown it (the page marks it, lib/me.ts). */
export function ReportControl({ target, item, path, what, reported: initialReported = false, outcome, compact = false }: ReportProps) {
  // The page's action said it was taken (without JavaScript): 신고함 on any page, shared ones too.
  const [reported, setReported] = useState(initialReported || outcome?.done === true);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(outcome?.message !== undefined);
  const anchor = reportAnchor(target, item);
  const look = compact
    ? 'inline-flex min-h-11 min-w-11 items-center justify-center px-1 text-sm text-slate-600 underline underline-offset-2'
    : 'inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 font-semibold text-slate-700 hover:bg-slate-50';

  if (reported) {
    return (
      <span id={anchor} className="inline-flex flex-wrap items-center gap-2 scroll-mt-24">
        {/* A state, not a control: plain text with a check, never the button's outline (issue #32). */}
        <span className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-500">
          <span aria-hidden="true">✓</span>
          신고함<span className="sr-only"> (이 {what}을 이미 신고했습니다)</span>
        </span>
        {outcome?.done ? (
          <span role="status" className="text-sm text-emerald-700">
            {ReportMessages.done}
          </span>
        ) : null}
      </span>
    );
  }

  async function send(form: HTMLFormElement) {
    const sent = new FormData(form);
    const reason = String(sent.get('reason') ?? '');
    const detail = String(sent.get('detail') ?? '').trim();
    if (!reason) return showMessage(ReportMessages.reasonRequired, 'error');
    if (reason === 'other' && !detail) return showMessage(ReportMessages.otherNeedsDetail, 'error');
    setBusy(true);
    const answer = await withLoading(api.post('/report', { target, item, reason, detail }));
    setBusy(false);
    if (answer.code === 'ok' || answer.message === 'already') {
      setReported(true);
      showMessage(answer.code === 'ok' ? ReportMessages.done : ReportMessages.already);
      return;
    }
    reportFailure(answer);
  }

  return (
    <details id={anchor} open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="scroll-mt-24 open:basis-full">
      <summary className={`${look} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        신고<span className="sr-only">: 이 {what} 신고하기</span>
      </summary>
      <form
        method="post"
        action={`${path}#${anchor}`}
        noValidate
        className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send(event.currentTarget);
        }}
      >
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="item" value={item} />
        <fieldset>
          <legend className="font-semibold">신고 사유</legend>
          <div className="mt-1 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            {ReportReasons.map((r) => (
              <label key={r} className="flex min-h-10 items-center gap-2">
                <input type="radio" name="reason" value={r} defaultChecked={outcome?.reason === r} className="size-5" />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="mt-2 block">
          <span className="font-semibold">상세 내용</span> <span className="text-sm text-slate-600">(기타는 필수)</span>
          <textarea
            name="detail"
            rows={3}
            maxLength={REPORT_DETAIL_MAX}
            defaultValue={outcome?.detail ?? ''}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2"
          />
        </label>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button type="submit" disabled={busy} className="min-h-11 rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800">
            신고하기
          </button>
          <RefusalNote message={outcome?.message} />
        </div>
      </form>
    </details>
  );
}

/** The author's mark on an item that reports hid. */
export function ReviewBadge() {
  return (
    <span className="inline-flex shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-800">{REVIEW_LABEL}</span>
  );
}
