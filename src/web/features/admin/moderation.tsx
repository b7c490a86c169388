import { useState } from 'react';
import { Form, useLocation, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { formatDate } from '#shared/format.ts';
import type { ModerationAction, ModerationTarget } from '#shared/schemas/admin.ts';
import { SECTION_LISTS } from '#shared/sections.ts';
import { askConfirm } from '../../lib/screen-store.ts';
import { buttonClass, checkCell, DateRangeInputs, identityCell, Pager, runCalls, SelectableTable, toggleId } from './admin-ui.tsx';
import { isOn, type KindModeration, MODERATION_DONE, type ModerationFlag, moderate, setFlag } from './moderation-actions.ts';

// The moderators' list for one section (or the site's newest comments): hide, show, close and
// delete many items at once. Every action is one all-or-nothing call (POST /api/admin/moderate).

export interface ModerationItem {
  [field: string]: unknown;
  id: number;
  title: string;
  name: string;
  date: string;
  marketstatus?: number;
  status?: number;
  type?: number;
  main?: number;
  /** Comments: the text (the title is their post's). */
  content?: string;
  /** The item's public page (a comment's: its post), when its section has one. */
  link: string | null;
}

export interface ModerationData {
  key: string;
  label: string;
  target: ModerationTarget;
  hidden: number;
  items: ModerationItem[];
  total: number;
  page: number;
  size: number;
  /** Comments: the date range as typed, and why it was left out when it is not one. */
  range?: { from: string; to: string };
  rangeProblem?: string;
}

/** The moderators' tabs: every section's list (sections.ts; FAQ by its short name), then the
 * site's newest comments. */
export const MODERATION_SECTIONS: { key: string; label: string }[] = [
  ...SECTION_LISTS.map((l) => ({ key: l.section.key, label: l.short })),
  { key: 'comment', label: '댓글' },
];

function stateOf(kind: KindModeration, item: ModerationItem): string {
  if (kind.state) return kind.state(item);
  return (kind.flags ?? [])
    .filter((f) => isOn(item, f))
    .map((f) => f.label)
    .join(' · ');
}

/** `kind`: the section's own moderation (web/kinds), none for comments. */
export function ModerationPanel({ data, kind = {}, timeZone }: { data: ModerationData; kind?: KindModeration; timeZone: string }) {
  const { revalidate } = useRevalidator();
  const { search } = useLocation();
  const [selected, setSelected] = useState<number[]>([]);
  const ids = data.items.map((i) => i.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.includes(id));

  const act = (action: ModerationAction) =>
    runCalls([() => moderate({ target: data.target, ids: selected, action })], MODERATION_DONE[action], async () => {
      setSelected([]);
      await revalidate();
    });
  const confirmDelete = () =>
    askConfirm({
      title: `선택한 ${selected.length}개를 삭제할까요?`,
      content: '삭제한 항목은 되돌릴 수 없습니다.',
      onSuccess: () => act('delete'),
    });
  const switchFlag = (item: ModerationItem, flag: ModerationFlag, on: boolean) =>
    runCalls([() => setFlag(data.target, item.id, flag, on)], '변경했습니다', revalidate);

  const none = selected.length === 0;
  return (
    <section id="moderation" aria-labelledby="moderation-title" className="mt-8">
      <h2 id="moderation-title" className="text-xl font-bold">
        게시물 관리
      </h2>
      <nav aria-label="관리할 섹션" className="mt-3 flex flex-wrap gap-2">
        {MODERATION_SECTIONS.map((s) => (
          <Link
            key={s.key}
            to={`/admin?section=${s.key}#moderation`}
            aria-current={s.key === data.key ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 font-semibold ${s.key === data.key ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600'}`}
          >
            {s.label}
          </Link>
        ))}
      </nav>
      {data.target !== 'comment' ? (
        <nav aria-label="공개 여부" className="mt-3 flex gap-4">
          {[
            [0, '게시중'],
            [1, '숨김'],
          ].map(([h, label]) => (
            <Link
              key={h}
              to={`/admin?section=${data.key}${h ? '&hidden=1' : ''}#moderation`}
              aria-current={h === data.hidden ? 'page' : undefined}
              className={`font-semibold ${h === data.hidden ? 'text-brand-700 underline underline-offset-4' : 'text-slate-600 hover:text-brand-700'}`}
            >
              {label}
            </Link>
          ))}
        </nav>
      ) : null}
      {data.range ? (
        <Form
          method="get"
          role="search"
          aria-label="댓글 기간 검색"
          className="mt-3 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <input type="hidden" name="section" value={data.key} />
          <DateRangeInputs from={data.range.from} to={data.range.to} problem={data.rangeProblem} />
          <button type="submit" className={buttonClass.primary}>
            검색
          </button>
        </Form>
      ) : null}

      <fieldset className="mt-3 flex flex-wrap items-center gap-2">
        <legend className="sr-only">선택한 항목</legend>
        <span className="text-slate-600">{selected.length}개 선택</span>
        {data.target !== 'comment' && data.hidden === 0 ? (
          <button type="button" disabled={none} className={buttonClass.plain} onClick={() => act('hide')}>
            숨기기
          </button>
        ) : null}
        {data.target !== 'comment' && data.hidden === 1 ? (
          <button type="button" disabled={none} className={buttonClass.plain} onClick={() => act('show')}>
            다시 보이기
          </button>
        ) : null}
        {kind.close ? (
          <button type="button" disabled={none} className={buttonClass.plain} onClick={() => act('close')}>
            {kind.close.action}
          </button>
        ) : null}
        <button type="button" disabled={none} className={buttonClass.danger} onClick={confirmDelete}>
          삭제
        </button>
      </fieldset>

      {data.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          {data.label}에 해당하는 항목이 없습니다.
        </p>
      ) : (
        <SelectableTable
          minWidth="min-w-[36rem]"
          allSelected={allSelected}
          onSelectAll={() => setSelected(allSelected ? [] : ids)}
          identity={data.target === 'comment' ? '댓글' : '제목'}
          headers={['작성자', '날짜', '상태'].map((h) => (
            <th key={h} scope="col" className="px-3 py-2">
              {h}
            </th>
          ))}
        >
          {data.items.map((item) => {
            const title = data.target === 'comment' ? (item.content ?? '') : item.title;
            return (
              <tr key={item.id}>
                <td className={checkCell}>
                  <input
                    type="checkbox"
                    aria-label={`${title} 선택`}
                    checked={selected.includes(item.id)}
                    onChange={() => setSelected((s) => toggleId(s, item.id))}
                    className="size-5"
                  />
                </td>
                <td className={`${identityCell} wrap-anywhere sm:max-w-md`}>
                  {item.link ? (
                    <Link to={item.link} className="line-clamp-2 hover:text-brand-700 hover:underline">
                      {title}
                    </Link>
                  ) : (
                    <span className="line-clamp-2">{title}</span>
                  )}
                  {data.target === 'comment' ? <span className="block text-sm text-slate-500">글: {item.title}</span> : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{item.name}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(item.date, timeZone)}</td>
                <td className="px-3 py-2">
                  <span className="whitespace-nowrap">{stateOf(kind, item)}</span>
                  {kind.flags ? (
                    <span className="mt-1 flex flex-wrap gap-1">
                      {kind.flags.map((flag) => (
                        <button
                          key={flag.field}
                          type="button"
                          className="rounded border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50"
                          onClick={() => switchFlag(item, flag, !isOn(item, flag))}
                        >
                          {isOn(item, flag) ? flag.unset : flag.set}
                        </button>
                      ))}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </SelectableTable>
      )}
      <Pager page={data.page} size={data.size} total={data.total} search={search} />
    </section>
  );
}
