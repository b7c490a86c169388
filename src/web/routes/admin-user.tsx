import { data, redirect } from 'react-router';
import { isRootLevel } from '#shared/enums.ts';
import { formatDateTime } from '#shared/format.ts';
import { readDateRange } from '#shared/schemas/fields.ts';
import { SuspendSchema } from '#shared/schemas/suspension.ts';
import { isSuspended } from '#shared/trust.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { listUsers, suspendUser, UserListQuerySchema } from '#server/modules/user/user.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { formFields, refusedForm } from '../lib/form-action.server.ts';
import { pagePath } from '../lib/page-path.ts';
import { orPageError } from '../lib/service-errors.server.ts';
import { type SuspendRefusal, UserAdmin } from '../features/admin/user-admin.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/admin-user.ts';

/** The list's own parameters; anything else in the address is ignored, not a 400. */
const FILTER_KEYS = ['keyword', 'level', 'status', 'use', 'from', 'to', 'sort', 'page'];
/** The member whose suspend form is open: a link, so it opens without JavaScript too. */
const SUSPEND_KEY = 'suspend';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const params = new URL(request.url).searchParams;
  const filter = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : [])));
  // A wrong range is said by the form and left out of the list.
  const { range, problem } = readDateRange(params);
  const { from: _from, to: _to, ...rest } = filter;
  const list = await orPageError(async () => listUsers(deps, caller, parseInput(UserListQuerySchema, { ...rest, ...range })));
  const timeZone = deps.env.SITE_TIMEZONE;
  const now = new Date();
  const items = list.items.map(({ suspenduntil, suspendreason, ...u }) => ({
    ...u,
    // Only a suspension in force: a past end is over by itself.
    suspension: isSuspended(suspenduntil, now) ? { until: formatDateTime(suspenduntil, timeZone), reason: suspendreason } : undefined,
  }));
  return {
    siteName: deps.env.SITE_NAME,
    data: {
      ...list,
      items,
      filter,
      rangeProblem: problem,
      suspending: Number(params.get(SUSPEND_KEY)) || undefined,
      actor: { id: actor.id, level: actor.level, root: isRootLevel(actor.level) },
      timeZone,
    },
  };
}

/** 정지 and 정지 해제 sent as forms (with or without JavaScript): the same service as POST
 * /api/admin/user/{id}/suspend. Done, the list again without the open form; refused, the form
 * again with the reason under its field and what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const sent = await formFields(request);
  const id = Number(sent.id);
  const typed = { id, days: String(sent.days ?? ''), reason: String(sent.reason ?? '') };
  try {
    if (!Number.isSafeInteger(id) || id <= 0) throw data('찾는 회원이 없습니다', { status: 404 });
    const days = sent.intent === 'unsuspend' ? 0 : typed.days === '' ? Number.NaN : Number(typed.days);
    await suspendUser(deps, caller, id, parseInput(SuspendSchema, { days, reason: typed.reason }));
  } catch (err) {
    return refusedForm(err, { suspend: typed } satisfies { suspend: SuspendRefusal['suspend'] }, ['days', 'reason'], 'reason');
  }
  const url = new URL(request.url);
  url.searchParams.delete(SUSPEND_KEY);
  url.searchParams.delete('_routes');
  return redirect(`${pagePath(request)}${url.search}`, 303);
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '회원 관리') }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <SectionFrame title="회원 관리" crumbs={[{ label: '관리자', to: '/admin' }, { label: '회원 관리' }]}>
      <AdminTabs />
      <UserAdmin data={d.data} refusal={actionData} />
    </SectionFrame>
  );
}
