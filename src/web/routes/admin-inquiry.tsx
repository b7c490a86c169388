import { readDateRange } from '#shared/schemas/fields.ts';
import { listContent, parseContentQuery } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { htmlToLines } from '../lib/paragraphs.ts';
import { InquiryAdmin } from '../features/admin/inquiry-admin.tsx';
import { orPageError } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/admin-inquiry.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const params = new URL(request.url).searchParams;
  const status = params.get('status') === '1' || params.get('status') === '2' ? Number(params.get('status')) : null;
  // A wrong range is said by the form and left out of the list.
  const { range, problem } = readDateRange(params);
  const list = await orPageError(async () =>
    listContent(deps, 'inquiry', caller, {
      ...parseContentQuery('inquiry', { page: params.get('page') ?? '1', ...range }),
      size: 20,
      ...(status ? { status } : {}),
    }),
  );
  const items = list.items.map(({ answer, ...i }) => ({ ...i, answertext: htmlToLines(answer) }));
  return {
    siteName: deps.env.SITE_NAME,
    data: {
      ...list,
      items,
      status,
      range: { from: params.get('from') ?? '', to: params.get('to') ?? '' },
      rangeProblem: problem,
      timeZone: deps.env.SITE_TIMEZONE,
    },
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '문의 관리') }] : [];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame title="문의 관리" crumbs={[{ label: '관리자', to: '/admin' }, { label: '문의 관리' }]}>
      <AdminTabs />
      <InquiryAdmin data={d.data} />
    </SectionFrame>
  );
}
