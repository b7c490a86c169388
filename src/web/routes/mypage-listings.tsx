import { data, redirect } from 'react-router';
import { Link } from '../components/ui/link.tsx';
import { formatDate } from '#shared/format.ts';
import { isListingTable, type ListingFacts, nextBumpAt, renewable } from '#shared/freshness.ts';
import { BumpFormSchema } from '#shared/schemas/page-forms.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { listContent } from '#server/modules/content/content.service.ts';
import { bumpListing } from '#server/modules/freshness/freshness.service.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { BumpBox } from '../features/freshness/listing-freshness.tsx';
import { KINDS_IN_ORDER, kindOf } from '../kinds/index.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { refusalMessage, statusOf } from '../lib/service-errors.server.ts';
import { formFields } from '../lib/form-action.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/mypage-listings.ts';

// 내 판매·구인 글: my market listings and jobs, the closed ones first (끌어올리기 lists them
// again), each with when it closes and its bump button (a form posting here).

/** The most of each kind the page shows: a member's own listings are few. */
const SHOWN = 50;
const PATH = '/mypage/listings';

/** The kinds whose items are listings (kinds/index.ts's order), with their trade state if any. */
const LISTINGS = KINDS_IN_ORDER.flatMap(({ section, kind: { listing } }) => (listing ? [{ section, state: listing.state }] : []));

export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const mine = { user: actor.id, expired: '1', sort: 'fresh', size: SHOWN };
  const lists = await Promise.all(
    LISTINGS.map(async ({ section, state }) => {
      const { table, topcategory } = section.storage;
      if (!isListingTable(table)) return [];
      const list = await listContent(deps, table, caller, { ...mine, ...(table === 'board' ? { topcategory } : {}) });
      return list.items.map((i) => ({
        ...i,
        table,
        kind: section.key,
        path: `${section.path}/${i.id}`,
        section: section.label,
        state: state ? ((i as Record<string, unknown>)[state.field] as number) : undefined,
      }));
    }),
  );
  const at = new Date();
  const now = at.toISOString();
  const timeZone = deps.env.SITE_TIMEZONE;
  const rows = lists.flat().map((r) => {
    const nextBump = nextBumpAt(r.bumpdate || r.date);
    return {
      id: r.id,
      table: r.table,
      key: `${r.table}-${r.id}`,
      title: r.title,
      path: r.path,
      section: r.section,
      date: r.date,
      kind: r.kind,
      state: r.state,
      closed: r.closed,
      expiredate: r.expiredate,
      nextBump,
      bumpable: nextBump <= now,
      deadlinePassed: !renewable(r.table, r as ListingFacts, timeZone, at),
    };
  });
  const url = new URL(request.url);
  return {
    siteName: deps.env.SITE_NAME,
    timeZone,
    closed: rows.filter((r) => r.closed === 1),
    open: rows.filter((r) => r.closed !== 1),
    bumped: url.searchParams.get('bumped') ?? '',
  };
}

/** 끌어올리기 from the list: done, the page again at the listing; refused, its reason beside it. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const sent = await formFields(request);
  const key = `${String(sent.table)}-${String(sent.id)}`;
  try {
    const form = parseInput(BumpFormSchema, sent);
    await bumpListing(deps, form.table, caller, form.id);
  } catch (err) {
    const message = refusalMessage(err);
    if (!message) throw err;
    return data({ key, message }, { status: statusOf(err) });
  }
  throw redirect(`${PATH}?bumped=${encodeURIComponent(key)}#listing-${key}`, 303);
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '내 판매·구인 글') }] : [];
}

type Row = Route.ComponentProps['loaderData']['open'][number];

function Listing({ row, timeZone, bumped, refusal }: { row: Row; timeZone: string; bumped: boolean; refusal?: string }) {
  const Badge = kindOf(row.kind).listing?.state?.Badge;
  return (
    <li id={`listing-${row.key}`} className="px-4 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-500">{row.section}</span>
        {Badge && row.state !== undefined ? <Badge status={row.state} /> : null}
        <Link to={row.path} className="min-w-0 font-medium hover:text-brand-700 hover:underline">
          {row.title}
        </Link>
        <span className="text-sm whitespace-nowrap text-slate-500">{formatDate(row.date, timeZone)}</span>
      </p>
      <div className="mt-2">
        <BumpBox
          item={row}
          table={row.table}
          nextBump={row.nextBump}
          bumpable={row.bumpable}
          deadlinePassed={row.deadlinePassed}
          timeZone={timeZone}
          action={PATH}
          bumped={bumped}
          refusal={refusal}
        />
      </div>
    </li>
  );
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  const group = (title: string, rows: Row[]) =>
    rows.length ? (
      <section aria-label={title}>
        <h2 className="mb-2 text-lg font-bold">
          {title} <span className="text-brand-700">{rows.length}</span>
        </h2>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {rows.map((r) => (
            <Listing
              key={r.key}
              row={r}
              timeZone={d.timeZone}
              bumped={d.bumped === r.key}
              refusal={actionData?.key === r.key ? actionData.message : undefined}
            />
          ))}
        </ul>
      </section>
    ) : null;
  return (
    <SectionFrame title="내 판매·구인 글" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '내 판매·구인 글' }]}>
      <div className="max-w-3xl space-y-6">
        <p className="text-slate-600">
          벼룩시장 글은 마지막 끌어올리기부터 30일, 구인구직 글은 마감일까지(마감일이 없으면 30일) 게시됩니다. 끌어올리기는 하루에 한 번 할
          수 있습니다.
        </p>
        {d.closed.length + d.open.length === 0 ? (
          <EmptyState title="올린 판매·구인 글이 없습니다">벼룩시장이나 구인구직에 글을 올리면 여기에서 관리할 수 있습니다.</EmptyState>
        ) : null}
        {group('마감된 글', d.closed)}
        {group('게시 중인 글', d.open)}
      </div>
    </SectionFrame>
  );
}
