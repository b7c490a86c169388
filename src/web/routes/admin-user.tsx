import { isRootLevel } from '#shared/enums.ts';
import { readDateRange } from '#shared/schemas/fields.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { listUsers, UserListQuerySchema } from '#server/modules/user/user.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { orPageError } from '../lib/service-errors.server.ts';
import { UserAdmin } from '../features/admin/user-admin.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/admin-user.ts';

/** The list's own parameters; anything else in the address is ignored, not a 400. */
const FILTER_KEYS = ['keyword', 'level', 'status', 'use', 'from', 'to', 'sort', 'page'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const params = new URL(request.url).searchParams;
  const filter = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : [])));
  // A wrong range is said by the form and left out of the list.
  const { range, problem } = readDateRange(params);
  const { from: _from, to: _to, ...rest } = filter;
  const list = await orPageError(async () => listUsers(deps, caller, parseInput(UserListQuerySchema, { ...rest, ...range })));
  return {
    siteName: deps.env.SITE_NAME,
    data: {
      ...list,
      filter,
      rangeProblem: problem,
      actor: { id: actor.id, level: actor.level, root: isRootLevel(actor.level) },
      timeZone: deps.env.SITE_TIMEZONE,
    },
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '회원 관리') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame title="회원 관리" crumbs={[{ label: '관리자', to: '/admin' }, { label: '회원 관리' }]}>
      <AdminTabs />
      <UserAdmin data={d.data} />
    </SectionFrame>
  );
}
