import { Form } from 'react-router';
import { formatDateTime, formatUntil } from '#shared/format.ts';
import type { ListingTable } from '#shared/freshness.ts';
import { ClosedBadge } from '../../components/ui/closed-badge.tsx';

// Listings that stay fresh: the 마감 badge of a closed listing, and the author's 끌어올리기 box
// (when the listing closes, the button or when it may be pressed again). The box is a form that
// posts to its page's action, with or without JavaScript.

/** What a page needs of a listing's freshness. */
export interface Freshness {
  closed: number;
  expiredate: string;
}

/** A date and time that never splits across lines. */
function When({ at, timeZone }: { at: string; timeZone: string }) {
  return <span className="whitespace-nowrap">{formatDateTime(at, timeZone)}</span>;
}

/** When a listing closes, or that it has. */
function Closing({ item, timeZone }: { item: Freshness; timeZone: string }) {
  if (item.closed === 1) return <span className="text-slate-600">마감되어 목록에 보이지 않습니다</span>;
  if (!item.expiredate) return null;
  return (
    <span className="text-slate-600">
      <span className="whitespace-nowrap">{formatUntil(item.expiredate, timeZone)}</span>
      까지 게시
    </span>
  );
}

export function BumpBox({
  item,
  table,
  nextBump,
  bumpable,
  deadlinePassed = false,
  timeZone,
  action,
  bumped = false,
  refusal,
}: {
  item: Freshness & { id: number };
  table: ListingTable;
  /** When the next bump may be made (ISO). */
  nextBump: string;
  /** Whether it may be made now (decided by the server's clock). */
  bumpable: boolean;
  /** A job past its own deadline: renewed by moving the deadline, not by a bump. */
  deadlinePassed?: boolean;
  timeZone: string;
  /** The page whose action bumps. */
  action: string;
  /** The page after a bump. */
  bumped?: boolean;
  refusal?: string;
}) {
  return (
    <Form method="post" action={action} className="flex flex-wrap items-center gap-2 text-sm" aria-label="끌어올리기">
      <input type="hidden" name="intent" value="bump" />
      <input type="hidden" name="table" value={table} />
      <input type="hidden" name="id" value={item.id} />
      {item.closed === 1 ? <ClosedBadge /> : null}
      <Closing item={item} timeZone={timeZone} />
      {deadlinePassed ? (
        <span className="text-slate-500">마감일이 지났습니다. 글을 수정해 마감일을 바꾸면 다시 게시됩니다</span>
      ) : bumpable ? (
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-full border border-brand-600 bg-brand-50 px-4 font-semibold text-brand-700 hover:bg-brand-100"
        >
          끌어올리기
        </button>
      ) : (
        <span className="text-slate-500">
          끌어올리기는 <When at={nextBump} timeZone={timeZone} />
          부터 할 수 있습니다
        </span>
      )}
      {bumped ? (
        <p role="status" className="basis-full rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800">
          끌어올렸습니다. 목록 맨 위에 다시 게시됩니다.
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="basis-full rounded-lg bg-red-50 px-3 py-2 text-red-700">
          {refusal}
        </p>
      ) : null}
    </Form>
  );
}
