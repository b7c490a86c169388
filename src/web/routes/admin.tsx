import { itemPagesOf, type Section, sectionByKey, sectionOfItem } from '#shared/sections.ts';
import { getDashboard, listCommentsForModeration } from '#server/modules/admin/admin.service.ts';
import { listContent, parseContentQuery } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { Dashboard } from '../features/admin/dashboard.tsx';
import { MODERATION_SECTIONS, type ModerationData, type ModerationItem, ModerationPanel } from '../features/admin/moderation.tsx';
import { orPageError } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/admin.ts';
import { kindByKey } from '../kinds/index.ts';
import { CommentModerationQuerySchema } from '#shared/schemas/admin.ts';
import { readDateRange } from '#shared/schemas/fields.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { isListingTable } from '#shared/freshness.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { deps, caller: who } = context.get(pageContext);
  const url = new URL(request.url);
  const key = url.searchParams.get('section');
  const page = url.searchParams.get('page') ?? '1';
  const hidden = url.searchParams.get('hidden') === '1' ? 1 : 0;
  const section = MODERATION_SECTIONS.find((s) => s.key === key);

  let moderation: ModerationData | null = null;
  if (section?.key === 'comment') {
    // A wrong range is said by the form and left out of the list.
    const { range, problem } = readDateRange(url.searchParams);
    const list = await orPageError(async () =>
      listCommentsForModeration(deps, who, parseInput(CommentModerationQuerySchema, { page, ...range })),
    );
    const items = list.items.map((c): ModerationItem => {
      const post = sectionOfItem(c.target, c.topcategory);
      const path = post && itemPagesOf(post);
      return { id: c.id, title: c.title, name: c.name, date: c.date, content: c.content, link: path ? `${path}/${c.board}` : null };
    });
    const written = { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
    moderation = { ...section, target: 'comment', hidden: 0, ...list, items, range: written, rangeProblem: problem };
  } else if (section) {
    // Where the section's items live, and the public page of one item (FAQ answers and
    // organizations' posts have none: SPEC §2).
    const where = sectionByKey(section.key) as Section;
    const { storage } = where;
    const query = {
      size: 20,
      hidden,
      ...(storage.table === 'board' ? { topcategory: storage.topcategory } : {}),
      // Moderators see closed listings too (마감: past their close date, still readable).
      ...(isListingTable(storage.table) ? { expired: '1' } : {}),
    };
    const list = await orPageError(async () =>
      listContent(deps, storage.table, who, { ...parseContentQuery(storage.table, { page }), ...query }),
    );
    const pages = itemPagesOf(where);
    const items = list.items.map((i) => ({ ...i, link: pages ? `${pages}/${i.id}` : null }));
    moderation = { ...section, target: storage.table, hidden, ...list, items };
  }
  return {
    siteName: deps.env.SITE_NAME,
    timeZone: deps.env.SITE_TIMEZONE,
    dashboard: await getDashboard(deps, who),
    moderation,
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '관리자') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame title="관리자" crumbs={[{ label: '관리자' }]}>
      <AdminTabs />
      <Dashboard data={d.dashboard} />
      {d.moderation ? (
        <ModerationPanel
          key={`${d.moderation.key}-${d.moderation.hidden}`}
          data={d.moderation}
          kind={kindByKey(d.moderation.key)?.moderation}
          timeZone={d.timeZone}
        />
      ) : (
        <p id="moderation" className="mt-8 text-slate-600">
          섹션 이름을 누르면 그 섹션의 글을 숨기거나 삭제할 수 있습니다.
        </p>
      )}
    </SectionFrame>
  );
}
