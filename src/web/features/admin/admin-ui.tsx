import { NavLink } from 'react-router';
import { useMe } from '../../lib/me.ts';
import { isRootLevel } from '#shared/enums.ts';
import { koreanDetail, Messages } from '#shared/messages.ts';
import { Pagination } from '../../components/ui/pagination.tsx';
import type { ApiAnswer, ApiFailure } from '../../lib/api-client.ts';
import { openLogin, showMessage, withLoading } from '../../lib/screen-store.ts';

// Pieces every admin screen shares: the tabs between the screens, the pager, the button styles
// and one way to run a call (loading overlay, a toast either way, the page's data reloaded).

const TABS = [
  ['/admin', '대시보드'],
  ['/admin/user', '회원 관리'],
  ['/admin/inquiry', '문의 관리'],
  ['/admin/report', '신고'],
  ['/admin/queue', '검토'],
  ['/admin/mainschedule', '메인 일정'],
] as const;

/** The root admin's own screen (/admin/system), shown to them alone. On a phone the tabs stand
 * in rows of four, each a finger-sized target: in one row at 360 px their names ran together
 * (회원 관리 문의 관리 read as one phrase). */
const ROOT_TABS = [['/admin/system', '시스템']] as const;

export function AdminTabs() {
  const level = useMe()?.level ?? 0;
  const tabs = isRootLevel(level) ? [...TABS, ...ROOT_TABS] : TABS;
  return (
    <nav aria-label="관리 메뉴" className="mb-6 grid grid-cols-4 border-b border-slate-200 sm:flex">
      {tabs.map(([to, label]) => (
        <NavLink
          key={to}
          to={to}
          end={to === '/admin'}
          className={({ isActive }) =>
            `flex min-h-11 items-center justify-center border-b-2 px-1 text-sm font-semibold whitespace-nowrap sm:px-3 sm:text-base ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-brand-700'}`
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

export const buttonClass = {
  primary:
    'inline-flex min-h-11 items-center justify-center rounded-lg whitespace-nowrap bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-50',
  plain:
    'inline-flex min-h-11 items-center justify-center rounded-lg whitespace-nowrap border border-slate-300 bg-white px-4 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50',
  danger:
    'inline-flex min-h-11 items-center justify-center rounded-lg whitespace-nowrap border border-red-300 bg-white px-4 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50',
};

export const inputClass = 'min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3';

/** A list filter's date range (SPEC §9: from 00:00:00 to 23:59:59 in the site's time zone), two
 * plain date inputs inside the list's GET form, so it works without JavaScript. */
export function DateRangeInputs({ from, to, problem }: { from?: string; to?: string; problem?: string }) {
  const field = 'flex flex-col gap-1 text-sm font-semibold text-slate-700';
  return (
    <>
      <label className={field}>
        시작일
        <input name="from" type="date" defaultValue={from ?? ''} className={inputClass} />
      </label>
      <label className={field}>
        종료일
        <input
          name="to"
          type="date"
          defaultValue={to ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'date-range-problem' : undefined}
          className={inputClass}
        />
      </label>
      {problem ? (
        <p id="date-range-problem" role="alert" className="basis-full text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </>
  );
}

/** The server's refusals in words an admin understands. */
const REFUSALS: Record<string, string> = {
  forbidden: '이 작업을 할 권한이 없습니다',
  'last root admin': '마지막 전체관리자는 바꾸거나 삭제할 수 없습니다',
  'not found': '이미 삭제되었거나 없는 항목입니다',
};

/** Runs admin calls one after another behind the loading overlay; stops at the first refusal
 * and says why, after the name of what was refused when `refused` can tell. Answers whether all
 * of them went through. */
export async function runCalls(
  calls: (() => Promise<ApiAnswer>)[],
  done: string,
  reload: () => unknown,
  refused?: (failure: ApiFailure) => string | undefined,
): Promise<boolean> {
  const all = async () => {
    for (const call of calls) {
      const answer = await call();
      if (answer.code !== 'ok') return answer;
    }
    return undefined;
  };
  const failure = await withLoading(all());
  // Part of a sequence may have gone through: the page shows what is stored now.
  await reload();
  if (!failure) {
    showMessage(done);
    return true;
  }
  if (failure.code === 'error' && failure.status === 401) openLogin();
  else if (failure.code === 'error') {
    const reason = REFUSALS[failure.message] ?? koreanDetail(failure) ?? Messages.processingError;
    const name = refused?.(failure);
    showMessage(name ? `${name}: ${reason}` : reason, 'error');
  }
  return false;
}

/** The shared numbered pages, keeping the list's other query parameters; `param` names the page
 * number in the address (another for a second list on one page). */
export function Pager({
  page,
  size,
  total,
  search,
  param = 'page',
}: {
  page: number;
  size: number;
  total: number;
  search: string;
  param?: string;
}) {
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(p));
    return `?${params}`;
  };
  return <Pagination page={page} size={size} total={total} href={href} />;
}

/** Which item of a batch the server refused: its `field` starts with the index (`[1]`,
 * `[1].level`). */
export function refusedIndex(failure: ApiFailure): number | undefined {
  const index = /^\[(\d+)\]/.exec(failure.field ?? '')?.[1];
  return index === undefined ? undefined : Number(index);
}

const CHECK = 'sticky left-0 z-10 w-11 px-3 py-2';
const IDENTITY = 'sticky left-11 z-10 w-40 min-w-32 px-3 py-2 shadow-[1px_0_0_var(--color-slate-200)] sm:w-auto';

/** A row's check box cell: the table's first column, kept in view while the table scrolls. */
export const checkCell = `${CHECK} bg-white`;

/** The cell that names a row (a member, a post), right after its check box: kept in view too, and
 * narrow on a phone so that the other columns have room to scroll past it. */
export const identityCell = `${IDENTITY} bg-white`;

/** A table of rows an admin selects for a batch action: the first column holds each row's
 * checkbox (`checkCell`), and its header one that selects every row; the second names the row
 * (`identityCell`). On a phone the table scrolls inside its box and
 * those two columns stay, so every row's other cells and actions can be reached and are known
 * by name. The box is a size container: a row's editor spans it (`w-[100cqw]`), not the table. */
export function SelectableTable({
  minWidth,
  allSelected,
  onSelectAll,
  identity,
  headers,
  children,
}: {
  minWidth: string;
  allSelected: boolean;
  onSelectAll: () => void;
  /** The identity column's header text. */
  identity: string;
  /** The other columns' header cells. */
  headers: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="@container mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className={`w-full ${minWidth} text-left`}>
        <thead className="bg-slate-50 text-sm text-slate-600">
          <tr>
            <th scope="col" className={`${CHECK} bg-slate-50`}>
              <input type="checkbox" aria-label="모두 선택" checked={allSelected} onChange={onSelectAll} className="size-5" />
            </th>
            <th scope="col" className={`${IDENTITY} bg-slate-50 whitespace-nowrap`}>
              {identity}
            </th>
            {headers}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** Selected ids of a list with a check box per row and one for all. */
export function toggleId(selected: number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}
