import { useNavigate, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import type { SectionTable } from '#shared/schemas/content.ts';
import type { ModerationAction } from '#shared/schemas/admin.ts';
import { askConfirm } from '../../lib/screen-store.ts';
import { buttonClass, runCalls } from './admin-ui.tsx';
import {
  isOn,
  type KindModeration,
  MODERATION_DONE,
  type ModeratedFields,
  type ModerationFlag,
  moderate,
  setFlag,
} from './moderation-actions.ts';

// An item's own page, for admins (level >= 3): the moderators' switches of the admin list for
// this one post, job or listing. Admins also edit and delete here, so the page shows them this
// box instead of the author's 수정 / 삭제. The server refuses every call below level 3.

/** The fields moderation reads; a page passes its whole item. */
export interface ModeratedItem {
  id: number;
  hidden: number;
}

/** Most items are 글. */
const POST_NOUN = ['글', '글을'] as const;

/** `kind`: the item's own moderation (web/kinds): its name, `close` and flags. */
export function ItemModeration({
  resource,
  item,
  kind,
  listPath,
}: {
  resource: SectionTable;
  item: ModeratedItem;
  kind: KindModeration;
  listPath: string;
}) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [noun, object] = kind.noun ?? POST_NOUN;
  const fields = item as unknown as ModeratedFields;
  const close = kind.close && { ...kind.close, closed: kind.close.closed(fields) };
  const flags = kind.flags ?? [];
  const states = [
    item.hidden ? '숨김' : '',
    close?.closed ? close.state : '',
    ...flags.filter((f) => isOn(fields, f)).map((f) => f.label),
  ].filter(Boolean);

  const act = (action: ModerationAction) =>
    runCalls([() => moderate({ target: resource, ids: [item.id], action })], MODERATION_DONE[action], revalidate);
  const switchFlag = (flag: ModerationFlag) =>
    runCalls([() => setFlag(resource, item.id, flag, !isOn(fields, flag))], '변경했습니다', revalidate);
  const remove = () =>
    askConfirm({
      title: `이 ${object} 삭제할까요?`,
      content: '삭제하면 되돌릴 수 없습니다.',
      onSuccess: async () => {
        // The item is gone: its list, not this page, is what is left to show.
        const call = () => moderate({ target: resource, ids: [item.id], action: 'delete' });
        if (await runCalls([call], MODERATION_DONE.delete, () => undefined)) navigate(listPath);
      },
    });

  return (
    <section
      aria-labelledby="item-moderation-title"
      className="mx-auto mb-3 max-w-3xl rounded-2xl border border-amber-300 bg-amber-50 p-3 sm:p-4"
    >
      {/* Not a heading: the box comes before the page's h1, the item's title. */}
      <div className="flex flex-wrap items-center gap-2">
        <strong id="item-moderation-title" className="text-amber-900">
          관리자 메뉴
        </strong>
        {states.map((state) => (
          <span key={state} className="rounded-full bg-white px-2.5 py-0.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-300">
            {state}
          </span>
        ))}
      </div>
      {item.hidden ? <p className="mt-1 text-sm text-amber-900">숨긴 {noun}입니다. 관리자만 볼 수 있습니다.</p> : null}
      {/* Its buttons call the API: without JavaScript they are not shown, and the box says why. */}
      <p className="mt-2 hidden text-sm text-amber-900 noscript:block">숨기기, 삭제 같은 관리 기능은 JavaScript를 켜야 쓸 수 있습니다.</p>
      <div className="mt-3 flex flex-wrap gap-2 noscript:[&>button]:hidden">
        <Link to={`${listPath}/write?id=${item.id}`} className={buttonClass.plain}>
          수정
        </Link>
        {item.hidden ? (
          <button type="button" className={buttonClass.plain} onClick={() => act('show')}>
            다시 보이기
          </button>
        ) : (
          <button type="button" className={buttonClass.plain} onClick={() => act('hide')}>
            숨기기
          </button>
        )}
        {close && !close.closed ? (
          <button type="button" className={buttonClass.plain} onClick={() => act('close')}>
            {close.action}
          </button>
        ) : null}
        {flags.map((flag) => (
          <button key={flag.field} type="button" className={buttonClass.plain} onClick={() => switchFlag(flag)}>
            {isOn(fields, flag) ? flag.unset : flag.set}
          </button>
        ))}
        <button type="button" className={`${buttonClass.danger} sm:ml-auto`} onClick={remove}>
          삭제
        </button>
      </div>
    </section>
  );
}
