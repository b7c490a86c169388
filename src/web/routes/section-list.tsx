import { data, Form, redirect, useSubmit } from 'react-router';
import { Link } from '../components/ui/link.tsx';
import { PAGE_SIZE_DEFAULT } from '#shared/api.ts';
import { siteClock } from '#shared/business-hours.ts';
import { listOf, type Section, sectionByKey, sectionForPage, sectionOfPath, itemWords } from '#shared/sections.ts';
import { todayIn } from '#shared/format.ts';
import { inPlaceAnchor, itemPath } from '#shared/site.ts';
import { findSectionPost, pageOfPost } from '#server/modules/board/board.service.ts';
import { listContent, parseContentQuery } from '#server/modules/content/content.service.ts';
import { withoutDepartedAuthors } from '#server/modules/user/user.service.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { listPageShows } from '#server/modules/content/content.shows.ts';
import { sectionClockChange } from '#server/pages/page-cache.ts';
import { kindOf } from '../kinds/index.ts';
import type { KindItem, WebKind } from '../kinds/kind.ts';
import { feedLink, pageTitle } from '../lib/titles.ts';
import { statusOf } from '../lib/service-errors.server.ts';
import type { Route } from './+types/section-list.ts';
import { fromLevel } from '../lib/me.ts';
import { APP_CHANGE } from '../lib/deferred-hydration.ts';

// A section's list (PRODUCT.md, Sections): the first page rendered on the server, every filter,
// the sort, the keyword and the page in the URL as a GET form, so a list can be shared, the back
// button works and nothing needs JavaScript.

/** The fields every list shows; its kind adds its own (web/kinds). */
const LISTED = ['id', 'title', 'category', 'name', 'user', 'date', 'location', 'count', 'like'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps, caller, effects } = context.get(pageContext);
  const url = new URL(request.url);
  // A client navigation asks for `/market.data?...`: the page's path is without the suffix.
  const pathname = url.pathname.replace(/\.data$/, '');
  const section = sectionOfPath(pathname);
  if (!section) throw data(`Page not found: ${pathname}`, { status: 404 });
  const key = section.key;
  const kind = kindOf(key);
  const config = kind.list;
  const { table, topcategory } = section.storage;
  // Fixed query: which board section.
  const base: Record<string, string> = table === 'board' ? { topcategory: String(topcategory) } : {};

  // Only this section's parameters reach the service; empty controls mean "any".
  const form: Record<string, string> = {};
  for (const name of ['keyword', 'page', 'sort', ...config.filters.map((f) => f.name)]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) form[name] = value;
  }
  // `?entry=N` (a link to an entry that opens in place): the page of the unfiltered list that has it.
  const entry = Number(url.searchParams.get('entry'));
  // An old link to an entry that now has a page of its own: that page, for good.
  if (section.wasInPlace && url.searchParams.has('entry')) {
    const post = Number.isSafeInteger(entry) && entry > 0 ? await findSectionPost(deps, topcategory, entry) : undefined;
    if (!post) throw data(`Page not found: ${pathname}`, { status: 404 });
    throw redirect(itemPath(section.path, post.id), 301);
  }
  if (inPlaceAnchor(pathname) && Object.keys(form).length === 0 && Number.isSafeInteger(entry) && entry > 0) {
    const page = await pageOfPost(deps, topcategory, entry, PAGE_SIZE_DEFAULT);
    if (page > 1) form.page = String(page);
  }
  const sort = config.sorts?.find(([value]) => value === (form.sort ?? ''));
  const { sort: _pageSort, ...filters } = form;
  const apiSort = sort?.[2] ?? config.order;
  const query = { ...filters, ...base, size: String(PAGE_SIZE_DEFAULT), ...(apiSort ? { sort: apiSort } : {}) };
  let list: Awaited<ReturnType<typeof listContent<typeof table>>>;
  try {
    list = await listContent(deps, table, caller, parseContentQuery(table, query), [...LISTED, ...config.fields]);
    list = { ...list, items: await withoutDepartedAuthors(deps, list.items) };
  } catch (err) {
    // A hand-edited address with a value the API refuses (a page of "abc", a price of "x").
    if (statusOf(err) === 400) throw data('잘못된 검색 조건입니다', { status: 400 });
    throw err;
  }
  // A stored copy stays valid through likes and comments on items it does not show.
  effects.shows = listPageShows(
    table,
    list.items.map((i) => i.id),
    { sort: query.sort, topcategory },
  );
  // The same page for every member: nothing on it is theirs but the header.
  effects.shared = true;
  const timeZone = deps.env.SITE_TIMEZONE;
  effects.until = sectionClockChange(table, timeZone);
  const common = {
    siteName: deps.env.SITE_NAME,
    title: listOf(section).label,
    section: sectionForPage(section),
    form,
    list,
    timeZone,
    today: todayIn(timeZone),
  };
  // Only kinds with a clock show the time of day (영업중): other lists carry none that goes stale.
  return { ...common, key, ...(kind.clock ? { clock: siteClock(timeZone) } : {}) };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const page = d.list.page > 1 ? ` ${d.list.page}페이지` : '';
  return [
    { title: pageTitle(d.siteName, `${d.title}${page}`) },
    { name: 'description', content: `${d.siteName} ${d.title}: ${d.section.empty}` },
    ...feedLink(d.siteName, d.section.key),
  ];
}

/** The keyword box's words on most lists. */
const BOARD_KEYWORD = { label: '이 게시판에서 검색', placeholder: '제목, 내용으로 검색' };

const CONTROL = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2';

/** The form's filled-in fields: an empty control means "any" and stays out of the address. */
function filledIn(form: HTMLFormElement | null): URLSearchParams {
  const params = new URLSearchParams();
  new FormData(form ?? undefined).forEach((value, name) => {
    if (value !== '') params.append(name, String(value));
  });
  return params;
}

/** The filters, sort and keyword as one GET form. With JavaScript a changed control applies at
 * once, also when changed before the app has loaded (APP_CHANGE); without it the 검색 button
 * does. Submitting starts again at page 1. */
function ListFilters({ config, form }: { config: WebKind['list']; form: Record<string, string> }) {
  const submit = useSubmit();
  const apply = (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) => submit(filledIn(event.currentTarget.form));
  const chosen = config.filters.filter((f) => form[f.name]).length + (form.sort ? 1 : 0);
  const keyword = config.keyword ?? BOARD_KEYWORD;
  return (
    <Form
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        submit(filledIn(event.currentTarget));
      }}
      role="search"
      aria-label="목록 검색"
      className="mb-4 rounded-xl border border-slate-200 bg-white p-3"
    >
      {/* On a phone the filters fold behind 필터, so the list's first item is on the first
          screen; from the sm width up they are always open (the summary is not shown). */}
      <details className="sm:details-content:[content-visibility:visible]">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-700 sm:hidden">
          <span>필터{chosen > 0 ? ` (${chosen})` : ''}</span>
          <span aria-hidden="true" className="ml-1.5 text-slate-400">
            ▾
          </span>
        </summary>
        <div className="grid grid-cols-2 gap-2 pb-1 sm:grid-cols-3 lg:grid-cols-7">
          {config.filters.map((f) =>
            f.kind === 'check' ? (
              <label key={f.name} className="col-span-1 flex min-h-11 items-center gap-2 self-end">
                <input
                  type="checkbox"
                  name={f.name}
                  value="1"
                  defaultChecked={form[f.name] === '1'}
                  onChange={apply}
                  {...APP_CHANGE}
                  className="size-5"
                />
                {f.label}
              </label>
            ) : (
              <div key={f.name} className="text-sm font-medium text-slate-700">
                <label htmlFor={`filter-${f.name}`}>{f.label}</label>
                {f.kind === 'select' ? (
                  <select
                    id={`filter-${f.name}`}
                    name={f.name}
                    defaultValue={form[f.name] ?? ''}
                    onChange={apply}
                    {...APP_CHANGE}
                    className={`${CONTROL} text-base`}
                  >
                    <option value="">전체</option>
                    {f.options.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={`filter-${f.name}`}
                    name={f.name}
                    type={f.kind}
                    {...(f.kind === 'number' ? { min: 0, inputMode: 'numeric' } : {})}
                    defaultValue={form[f.name]}
                    className={`${CONTROL} text-base`}
                  />
                )}
              </div>
            ),
          )}
          {config.sorts ? (
            <label className="text-sm font-medium text-slate-700">
              정렬
              <select name="sort" defaultValue={form.sort ?? ''} onChange={apply} {...APP_CHANGE} className={`${CONTROL} text-base`}>
                {config.sorts.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      </details>
      <div className="mt-2 flex gap-2">
        <label htmlFor="list-keyword" className="sr-only">
          {keyword.label}
        </label>
        <input
          id="list-keyword"
          name="keyword"
          type="search"
          defaultValue={form.keyword}
          placeholder={keyword.placeholder}
          className={`${CONTROL} min-w-0 flex-1 text-base`}
        />
        <button type="submit" className="min-h-11 shrink-0 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
          검색
        </button>
      </div>
    </Form>
  );
}

export default function SectionList({ loaderData: d }: Route.ComponentProps) {
  const { title, section, key, form, list, timeZone } = d;
  const kind = kindOf(key);
  // The list of the section's items: the section's own page, or 고객센터's FAQ under it.
  const own = sectionByKey(key) as Section;
  const listed = listOf(own);
  const words = itemWords(own);
  const crumbs = listed.path !== section.path ? [{ label: section.label, to: section.path }, { label: title }] : [{ label: title }];
  const base = section.path;
  const anchor = inPlaceAnchor(listed.path);
  const filtered = Object.keys(form).some((k) => k !== 'page' && k !== 'sort');
  const pageHref = (page: number) => {
    const params = new URLSearchParams(form);
    if (page > 1) params.set('page', String(page));
    else params.delete('page');
    const text = params.toString();
    return text ? `?${text}` : '?';
  };
  const items = list.items;
  return (
    <SectionFrame
      title={title}
      crumbs={crumbs}
      actions={
        // Visitors see it where any member may write (signing in leads there); staff-only
        // sections show it from the writers' level up (#me-style, lib/me.ts).
        <Link
          to={`${base}/write`}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          {...fromLevel(own.writeLevel)}
        >
          {words.write}
        </Link>
      }
    >
      <ListFilters key={JSON.stringify(form)} config={kind.list} form={form} />
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        총 <strong className="text-slate-900">{list.total.toLocaleString('en-US')}</strong>건
        {filtered ? (
          <Link to={listed.path} className="ml-3 text-brand-700 underline">
            조건 지우기
          </Link>
        ) : null}
      </p>
      {items.length === 0 ? (
        <EmptyState title={filtered ? `조건에 맞는 ${words.subject} 없습니다` : `아직 등록된 ${words.subject} 없습니다`}>
          {filtered ? '다른 조건이나 검색어로 찾아 보세요.' : listed.empty}
        </EmptyState>
      ) : (
        <kind.list.Cards
          items={items as unknown as KindItem[]}
          base={base}
          timeZone={timeZone}
          today={d.today}
          clock={d.clock}
          anchor={anchor}
        />
      )}
      <Pagination page={list.page} size={list.size} total={list.total} href={pageHref} />
    </SectionFrame>
  );
}
