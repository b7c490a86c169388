import { TopCategory } from '#shared/enums.ts';
import type { SectionTable } from '#shared/schemas/content.ts';
import { getDashboard, listCommentsForModeration } from '#server/modules/admin/admin.service.ts';
import { listContent, parseContentQuery } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { Dashboard } from '../features/admin/dashboard.tsx';
import { MODERATION_SECTIONS, type ModerationData, type ModerationItem, ModerationPanel } from '../features/admin/moderation.tsx';
import { orPageError } from '../features/admin/page-error.ts';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/admin.ts';
import { CommentModerationQuerySchema } from '#shared/schemas/admin.ts';
import { parseInput } from '#server/lib/parse-input.ts';

/** Where each section's items live, and the public page of one item (FAQ and organizations
 * have none: SPEC §2). */
const SECTIONS: Record<string, { target: SectionTable; topcategory?: number; path: string | null }> = {
  news: { target: 'board', topcategory: TopCategory.news, path: '/news' },
  life: { target: 'board', topcategory: TopCategory.life, path: '/life' },
  jobs: { target: 'jobs', path: '/jobs' },
  market: { target: 'board', topcategory: TopCategory.market, path: '/market' },
  community: { target: 'board', topcategory: TopCategory.community, path: '/community' },
  business: { target: 'business', path: '/business' },
  organizations: { target: 'board', topcategory: TopCategory.organizations, path: null },
  customer: { target: 'board', topcategory: TopCategory.customer, path: null },
};
const POST_PATH: Record<number, string> = { 1: '/news', 2: '/life', 4: '/market', 5: '/community' };

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
    const list = await orPageError(async () => listCommentsForModeration(deps, who, parseInput(CommentModerationQuerySchema, { page })));
    const items = list.items.map((c): ModerationItem => {
      const path = POST_PATH[c.topcategory];
      return { id: c.id, title: c.title, name: c.name, date: c.date, content: c.content, link: path ? `${path}/${c.board}` : null };
    });
    moderation = { ...section, target: 'comment', hidden: 0, ...list, items };
  } else if (section) {
    const where = SECTIONS[section.key] as (typeof SECTIONS)[string];
    const query = { size: 20, hidden, ...(where.topcategory ? { topcategory: where.topcategory } : {}) };
    const list = await orPageError(async () =>
      listContent(deps, where.target, who, { ...parseContentQuery(where.target, { page }), ...query }),
    );
    const items = list.items.map((i) => ({ ...i, link: where.path ? `${where.path}/${i.id}` : null }));
    moderation = { ...section, target: where.target, hidden, ...list, items };
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
        <ModerationPanel key={`${d.moderation.key}-${d.moderation.hidden}`} data={d.moderation} timeZone={d.timeZone} />
      ) : (
        <p id="moderation" className="mt-8 text-slate-600">
          섹션 이름을 누르면 그 섹션의 글을 숨기거나 삭제할 수 있습니다.
        </p>
      )}
    </SectionFrame>
  );
}
