import { data, redirect } from 'react-router';
import { ReportDecisionSchema, ReportListQuerySchema } from '#shared/schemas/report.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { deleteReported, listReports, restoreReported } from '#server/modules/report/report.service.ts';
import { listWarnedListings } from '#server/modules/scam/listing-warning.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { DONE, type ReportAdminData, ReportAdmin, WARNED_PAGE } from '../features/admin/report-admin.tsx';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import { orPageError, refusalMessage, statusOf } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/admin-report.ts';

// /admin/report (PRODUCT.md, beyond the spec: reports). The list, and its forms' action without
// JavaScript: restore, or delete after the page asked; below it the listings published with a
// scam caution (PRODUCT.md "Scam defence").

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const params = new URL(request.url).searchParams;
  const [list, warned] = await orPageError(async () =>
    Promise.all([
      listReports(deps, caller, parseInput(ReportListQuerySchema, { page: params.get('page') ?? '1' })),
      listWarnedListings(deps, caller, parseInput(ReportListQuerySchema, { page: params.get(WARNED_PAGE) ?? '1' })),
    ]),
  );
  const done = params.get('done');
  return {
    siteName: deps.env.SITE_NAME,
    data: {
      ...list,
      warned,
      timeZone: deps.env.SITE_TIMEZONE,
      done: done && Object.hasOwn(DONE, done) ? (done as keyof typeof DONE) : undefined,
    } satisfies ReportAdminData,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = form.get('intent');
  const input = parseInput(ReportDecisionSchema, { target: form.get('target'), item: Number(form.get('item')) });
  const back = (done: string) => {
    url.searchParams.set('done', done);
    return redirect(`${url.pathname}?${url.searchParams}`, 303);
  };
  try {
    if (intent === 'restore') {
      await restoreReported(deps, caller, input);
      return back(input.target === 'conversation' ? 'cleared' : 'restored');
    }
    if (intent !== 'delete') throw data('Bad request', { status: 400 });
    if (form.get('confirmed') !== '1') return { asked: input };
    await deleteReported(deps, caller, input);
    return back('deleted');
  } catch (err) {
    const message = refusalMessage(err);
    if (!message) throw err;
    return data({ refusal: { ...input, message } }, { status: statusOf(err) });
  }
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '신고 관리') }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  const sent =
    actionData && 'asked' in actionData
      ? { asked: actionData.asked }
      : actionData && 'refusal' in actionData
        ? { refusal: actionData.refusal }
        : {};
  return (
    <SectionFrame title="신고 관리" crumbs={[{ label: '관리자', to: '/admin' }, { label: '신고 관리' }]}>
      <AdminTabs />
      <ReportAdmin data={{ ...d.data, ...sent }} />
    </SectionFrame>
  );
}
