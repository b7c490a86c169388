import { useState } from 'react';
import { Form, Link, useLocation, useNavigation, useRevalidator } from 'react-router';
import { isStaffLevel, UserLevelLabel, UserStatusLabel, UserUse, UserUseLabel } from '#shared/enums.ts';
import { formatDate } from '#shared/format.ts';
import { SUSPEND_DAY_CHOICES, SUSPEND_REASON_MAX } from '#shared/trust.ts';
import type { UserAdminUpdate } from '#shared/schemas/user.ts';
import { askConfirm } from '../../lib/screen-store.ts';
import { type Problems, ProblemText, problemProps } from '../../lib/field-problems.tsx';
import type { ApiFailure } from '../../lib/api-client.ts';
import { api } from '../../lib/session.ts';
import {
  buttonClass,
  checkCell,
  DateRangeInputs,
  identityCell,
  inputClass,
  Pager,
  refusedIndex,
  runCalls,
  SelectableTable,
  toggleId,
} from './admin-ui.tsx';

// /admin/user: search and filter, a table of users with the enumerations' Korean labels, an
// editor per row (level, status, use, remark) with the row's audit log, batch 사용안함 and
// delete behind the confirm dialog (each one all-or-nothing call), and a CSV of the current
// filter. The server enforces the level rules; the screen only leaves out what it would refuse.
// 정지 and 정지 해제 are forms the route's action takes, so they work without JavaScript: 정지
// is a link that opens the member's form (?suspend=id) under their row.

export interface AdminUser {
  id: number;
  loginid: string;
  name: string;
  nickname: string;
  level: number;
  status: number;
  use: number;
  remark: string;
  logindate: string;
  date: string;
  /** A suspension in force: its end as the site's clock says it, and why. */
  suspension?: { until: string; reason: string };
}

/** What the route's action answers when it refused a suspension: what was typed, and why. */
export interface SuspendRefusal {
  suspend: { id: number; days: string; reason: string };
  problems?: Problems;
}

export interface UserAdminData {
  items: AdminUser[];
  total: number;
  page: number;
  size: number;
  filter: Record<string, string>;
  /** Why the date range in the address was left out, if it was. */
  rangeProblem?: string;
  /** The member whose suspend form is open. */
  suspending?: number;
  actor: { id: number; level: number; root: boolean };
  timeZone: string;
}

interface AuditRow {
  id: number;
  actorname: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  date: string;
}

const FIELD_LABEL: Record<string, string> = { level: '등급', status: '상태', use: '사용', remark: '비고' };
const LABELS: Record<string, Record<number, string>> = { level: UserLevelLabel, status: UserStatusLabel, use: UserUseLabel };

function describeValue(field: string, value: unknown): string {
  const label = LABELS[field]?.[value as number];
  return label ?? (value === '' ? '(없음)' : String(value));
}

function describeChange(row: AuditRow): string {
  if (row.action === 'delete') return '회원 삭제';
  return Object.keys(row.after ?? {})
    .map((f) => `${FIELD_LABEL[f] ?? f}: ${describeValue(f, row.before?.[f])} → ${describeValue(f, row.after?.[f])}`)
    .join(', ');
}

function Options({ labels, only }: { labels: Record<number, string>; only?: number[] }) {
  return (
    <>
      {Object.entries(labels)
        .filter(([code]) => !only || only.includes(Number(code)))
        .map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
    </>
  );
}

function FilterForm({ filter, rangeProblem }: { filter: Record<string, string>; rangeProblem?: string }) {
  const select = (name: string, label: string, labels: Record<number, string>) => (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
      {label}
      <select name={name} defaultValue={filter[name] ?? ''} className={inputClass}>
        <option value="">전체</option>
        <Options labels={labels} />
      </select>
    </label>
  );
  return (
    <Form
      method="get"
      role="search"
      aria-label="회원 검색"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-semibold text-slate-700">
        검색어 (아이디, 이름, 닉네임)
        <input name="keyword" type="search" defaultValue={filter.keyword ?? ''} className={inputClass} />
      </label>
      {select('level', '등급', UserLevelLabel)}
      {select('status', '상태', UserStatusLabel)}
      {select('use', '사용', UserUseLabel)}
      <DateRangeInputs from={filter.from} to={filter.to} problem={rangeProblem} />
      <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
        정렬
        <select name="sort" defaultValue={filter.sort ?? '-id'} className={inputClass}>
          <option value="-id">최근 가입순</option>
          <option value="name">이름순</option>
          <option value="-logindate">최근 로그인순</option>
          <option value="-level">등급 높은순</option>
        </select>
      </label>
      <button type="submit" className={buttonClass.primary}>
        검색
      </button>
    </Form>
  );
}

function UserEditor({ user, data, onDone }: { user: AdminUser; data: UserAdminData; onDone: () => void }) {
  const { revalidate } = useRevalidator();
  const [history, setHistory] = useState<AuditRow[] | null>(null);
  // PRODUCT.md: only the root admin grants levels of 3 or more.
  const levels = data.actor.root ? undefined : [1, 2, user.level];
  // The work state is staff's: offered once the level chosen is a staff one, kept as it is else.
  const [level, setLevel] = useState(user.level);
  const save = (form: HTMLFormElement) => {
    const f = new FormData(form);
    const body = {
      id: user.id,
      level: Number(f.get('level')),
      status: isStaffLevel(level) ? Number(f.get('status')) : user.status,
      use: Number(f.get('use')),
      remark: String(f.get('remark') ?? ''),
    };
    void runCalls([() => api.put('/user', body)], '저장했습니다', revalidate).then((ok) => ok && onDone());
  };
  const loadHistory = async () => {
    const answer = await api.get<{ items: AuditRow[] }>('/admin/audit', { target: 'users', item: user.id });
    setHistory(answer.code === 'ok' ? answer.items : []);
  };
  const id = `edit-${user.id}`;
  return (
    <form
      aria-label={`${user.nickname} 편집`}
      // As wide as the table's box and kept in it: on a phone the whole editor is on the screen.
      className="sticky left-0 grid max-w-[100cqw] gap-3 bg-brand-50 p-4 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        save(e.currentTarget);
      }}
    >
      <label htmlFor={`${id}-level`} className="flex flex-col gap-1 font-semibold">
        등급
        <select id={`${id}-level`} name="level" value={level} onChange={(e) => setLevel(Number(e.target.value))} className={inputClass}>
          <Options labels={UserLevelLabel} only={levels} />
        </select>
      </label>
      {isStaffLevel(level) ? (
        <label htmlFor={`${id}-status`} className="flex flex-col gap-1 font-semibold">
          상태
          <select id={`${id}-status`} name="status" defaultValue={user.status} className={inputClass}>
            <Options labels={UserStatusLabel} />
          </select>
        </label>
      ) : null}
      <label htmlFor={`${id}-use`} className="flex flex-col gap-1 font-semibold">
        사용
        <select id={`${id}-use`} name="use" defaultValue={user.use} className={inputClass}>
          <Options labels={UserUseLabel} />
        </select>
      </label>
      <label htmlFor={`${id}-remark`} className="flex flex-col gap-1 font-semibold">
        비고
        <input id={`${id}-remark`} name="remark" defaultValue={user.remark} maxLength={500} className={inputClass} />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className={buttonClass.primary}>
          저장
        </button>
        <button type="button" className={buttonClass.plain} onClick={onDone}>
          닫기
        </button>
        <button type="button" className={buttonClass.plain} onClick={loadHistory}>
          변경 이력
        </button>
      </div>
      {history ? (
        <section aria-label={`${user.nickname} 변경 이력`} className="sm:col-span-2 lg:col-span-4">
          {history.length === 0 ? (
            <p className="text-slate-600">변경 이력이 없습니다.</p>
          ) : (
            <ul className="divide-y divide-brand-100 text-sm">
              {history.map((h) => (
                <li key={h.id} className="py-1">
                  <span className="text-slate-500">{new Date(h.date).toLocaleString('ko-KR', { timeZone: data.timeZone })}</span>{' '}
                  <span className="font-semibold">{h.actorname || '(삭제된 관리자)'}</span> {describeChange(h)}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </form>
  );
}

export function UserAdmin({ data, refusal }: { data: UserAdminData; refusal?: SuspendRefusal }) {
  const { revalidate } = useRevalidator();
  const { search } = useLocation();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const canManage = (u: AdminUser) => data.actor.root || u.level < data.actor.level;
  const manageable = data.items.filter(canManage).map((u) => u.id);
  const allSelected = manageable.length > 0 && manageable.every((id) => selected.includes(id));
  const reload = async () => {
    setSelected([]);
    await revalidate();
  };

  /** A batch's refusal names its user: the list may be older than the server's levels. */
  const refusedUser = (ids: number[]) => (failure: ApiFailure) => {
    const index = refusedIndex(failure);
    return data.items.find((u) => index !== undefined && u.id === ids[index])?.nickname;
  };
  const switchOff = () =>
    askConfirm({
      title: `선택한 ${selected.length}명을 사용안함으로 바꿀까요?`,
      content: '사용안함인 회원은 로그인할 수 없습니다. 바꿀 수 없는 회원이 있으면 아무도 바뀌지 않습니다.',
      onSuccess: () => {
        const body = selected.map((id): UserAdminUpdate => ({ id, use: UserUse.notuse }));
        return runCalls([() => api.put('/user/batch', body)], '사용안함으로 바꿨습니다', reload, refusedUser(selected));
      },
    });
  const remove = () =>
    askConfirm({
      title: `선택한 ${selected.length}명을 삭제할까요?`,
      content: '삭제한 회원은 되돌릴 수 없습니다.',
      onSuccess: () => runCalls([() => api.delete('/user/batch', selected)], '삭제했습니다', reload),
    });
  const csv = new URLSearchParams(Object.entries(data.filter).filter(([k]) => k !== 'page'));

  return (
    <>
      <FilterForm filter={data.filter} rangeProblem={data.rangeProblem} />
      <h2 className="mt-6 text-xl font-bold">회원 목록</h2>
      <fieldset className="mt-4 flex flex-wrap items-center gap-2">
        <legend className="sr-only">선택한 회원</legend>
        <span className="text-slate-600">
          전체 {data.total.toLocaleString('ko-KR')}명 · {selected.length}명 선택
        </span>
        <button type="button" disabled={selected.length === 0} className={buttonClass.plain} onClick={switchOff}>
          사용안함 처리
        </button>
        <button type="button" disabled={selected.length === 0} className={buttonClass.danger} onClick={remove}>
          삭제
        </button>
        {/* SPEC §7: a download is a GET with the auth header, through the API client, which
            announces a failure as 파일 다운로드 실패 (a plain link would show a JSON error). */}
        <button type="button" className={`${buttonClass.plain} sm:ml-auto`} onClick={() => api.download(`/admin/users.csv?${csv}`)}>
          CSV 내려받기
        </button>
      </fieldset>
      <SelectableTable
        minWidth="min-w-[56rem]"
        allSelected={allSelected}
        onSelectAll={() => setSelected(allSelected ? [] : manageable)}
        identity="회원"
        headers={['이름', '등급', '상태', '사용', '최근 로그인', '가입일', '관리'].map((h) => (
          <th key={h} scope="col" className={`px-3 py-2 whitespace-nowrap ${h === '관리' ? 'sticky right-0 bg-slate-50' : ''}`}>
            {h}
          </th>
        ))}
      >
        {data.items.map((u) => (
          <UserRows
            key={u.id}
            user={u}
            data={data}
            manageable={canManage(u)}
            selected={selected.includes(u.id)}
            editing={editing === u.id}
            refusal={refusal?.suspend.id === u.id ? refusal : undefined}
            onSelect={() => setSelected((s) => toggleId(s, u.id))}
            onEdit={(on) => setEditing(on ? u.id : null)}
          />
        ))}
      </SelectableTable>
      {data.items.length === 0 ? <p className="mt-4 text-center text-slate-600">조건에 맞는 회원이 없습니다.</p> : null}
      <Pager page={data.page} size={data.size} total={data.total} search={search} />
    </>
  );
}

function UserRows(props: {
  user: AdminUser;
  data: UserAdminData;
  manageable: boolean;
  selected: boolean;
  editing: boolean;
  refusal?: SuspendRefusal;
  onSelect: () => void;
  onEdit: (on: boolean) => void;
}) {
  const { user: u, data } = props;
  return (
    <>
      <tr className={u.use === 2 ? 'text-slate-500' : undefined}>
        <td className={checkCell}>
          {props.manageable ? (
            <input
              type="checkbox"
              aria-label={`${u.nickname} 선택`}
              checked={props.selected}
              onChange={props.onSelect}
              className="size-5"
            />
          ) : null}
        </td>
        <td className={`${identityCell} wrap-anywhere`}>
          <span className="block font-semibold">{u.nickname}</span>
          <span className="block text-sm text-slate-600">{u.loginid}</span>
          {u.suspension ? <span className="block text-sm font-semibold text-red-700">{`${u.suspension.until}까지 정지`}</span> : null}
        </td>
        <td className="px-3 py-2 whitespace-nowrap">{u.name}</td>
        <td className="px-3 py-2 whitespace-nowrap">{UserLevelLabel[u.level]}</td>
        {/* relative: holds the sr-only text, which would otherwise be placed outside the table's
            scrolling box and widen the page. */}
        <td className="relative px-3 py-2 whitespace-nowrap">
          {isStaffLevel(u.level) ? (
            UserStatusLabel[u.status]
          ) : (
            <>
              <span aria-hidden="true" className="text-slate-400">
                –
              </span>
              <span className="sr-only">해당 없음</span>
            </>
          )}
        </td>
        <td className="px-3 py-2 whitespace-nowrap">{UserUseLabel[u.use]}</td>
        <td className="px-3 py-2 whitespace-nowrap">{formatDate(u.logindate, data.timeZone)}</td>
        <td className="px-3 py-2 whitespace-nowrap">{formatDate(u.date, data.timeZone)}</td>
        {/* Kept at the right edge of the table's box: on a phone the table scrolls and 편집 would
            be past the screen's edge. */}
        <td className="sticky right-0 bg-white px-3 py-2 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.15)]">
          {props.manageable ? (
            <button
              type="button"
              aria-expanded={props.editing}
              aria-label={`${u.nickname} 편집`}
              className="rounded border border-slate-300 px-3 py-1 font-semibold hover:bg-slate-50"
              onClick={() => props.onEdit(!props.editing)}
            >
              편집
            </button>
          ) : null}
          {props.manageable && u.id !== data.actor.id ? (
            <SuspendControl user={u} open={props.refusal !== undefined || data.suspending === u.id} />
          ) : null}
          {props.manageable ? null : <span className="text-sm text-slate-500">권한 없음</span>}
        </td>
      </tr>
      {u.suspension ? (
        <tr>
          <td className={checkCell} />
          <td colSpan={8} className="px-3 pb-2 text-sm text-red-800">
            <span className="sticky left-14 block max-w-[calc(100cqw-4.5rem)] wrap-anywhere">{`정지 사유: ${u.suspension.reason}`}</span>
          </td>
        </tr>
      ) : null}
      {props.manageable && (props.refusal || data.suspending === u.id) && !u.suspension ? (
        <tr>
          <td colSpan={9} className="p-0">
            <SuspendForm user={u} refusal={props.refusal} />
          </td>
        </tr>
      ) : null}
      {u.remark ? (
        <tr>
          <td className={checkCell} />
          <td colSpan={8} className="px-3 pb-2 text-sm text-slate-600">
            {/* Sticky as wide as the box: the note is read whole without scrolling the table. */}
            <span className="sticky left-14 block max-w-[calc(100cqw-4.5rem)] wrap-anywhere">비고: {u.remark}</span>
          </td>
        </tr>
      ) : null}
      {props.editing ? (
        <tr>
          <td colSpan={9} className="p-0">
            <UserEditor user={u} data={data} onDone={() => props.onEdit(false)} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The address of this list with `suspend` set to the member, or left out. */
function withSuspend(search: string, id?: number): string {
  const params = new URLSearchParams(search);
  if (id) params.set('suspend', String(id));
  else params.delete('suspend');
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** 정지 opens the member's form; a suspended member's 정지 해제 ends it at once (days 0). */
function SuspendControl({ user, open }: { user: AdminUser; open: boolean }) {
  const { search } = useLocation();
  if (user.suspension)
    return (
      <Form method="post" className="mt-1">
        <input type="hidden" name="intent" value="unsuspend" />
        <input type="hidden" name="id" value={user.id} />
        <button
          type="submit"
          aria-label={`${user.nickname} 정지 해제`}
          className="rounded border border-red-300 px-3 py-1 font-semibold whitespace-nowrap text-red-800 hover:bg-red-50"
        >
          정지 해제
        </button>
      </Form>
    );
  return (
    <Link
      to={withSuspend(search, open ? undefined : user.id)}
      preventScrollReset
      aria-expanded={open}
      aria-label={`${user.nickname} 정지`}
      className="mt-1 block rounded border border-slate-300 px-3 py-1 text-center font-semibold hover:bg-slate-50"
    >
      정지
    </Link>
  );
}

/** For how many days and why; the reason is required, and shown to the member on their page. */
function SuspendForm({ user, refusal }: { user: AdminUser; refusal?: SuspendRefusal }) {
  const { search } = useLocation();
  const busy = useNavigation().state === 'submitting';
  const problems = refusal?.problems ?? {};
  const id = `suspend-${user.id}`;
  return (
    <Form
      method="post"
      preventScrollReset
      aria-label={`${user.nickname} 정지`}
      className="sticky left-0 grid max-w-[100cqw] gap-3 bg-red-50 p-4 sm:grid-cols-[10rem_1fr]"
    >
      <input type="hidden" name="intent" value="suspend" />
      <input type="hidden" name="id" value={user.id} />
      <label htmlFor={`${id}-days`} className="flex flex-col gap-1 font-semibold">
        정지 기간
        <select
          id={`${id}-days`}
          name="days"
          defaultValue={refusal?.suspend.days || '7'}
          className={inputClass}
          {...problemProps(problems.days, `${id}-days`)}
        >
          {SUSPEND_DAY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d === 365 ? '1년' : `${d}일`}
            </option>
          ))}
        </select>
        <ProblemText controlId={`${id}-days`} problem={problems.days} />
      </label>
      <label htmlFor={`${id}-reason`} className="flex flex-col gap-1 font-semibold">
        정지 사유 (회원에게 보입니다)
        <input
          id={`${id}-reason`}
          name="reason"
          defaultValue={refusal?.suspend.reason}
          maxLength={SUSPEND_REASON_MAX}
          className={inputClass}
          {...problemProps(problems.reason, `${id}-reason`)}
        />
        <ProblemText controlId={`${id}-reason`} problem={problems.reason} />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" disabled={busy} className={buttonClass.danger}>
          정지
        </button>
        <Link to={withSuspend(search)} preventScrollReset className={buttonClass.plain}>
          취소
        </Link>
      </div>
    </Form>
  );
}
