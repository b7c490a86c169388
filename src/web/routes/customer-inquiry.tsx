import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { InquiryForm } from '../features/customer/inquiry-form.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/customer-inquiry.ts';

export async function loader({ context }: Route.LoaderArgs) {
  requireMemberPage(context);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '1:1 문의') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="1:1 문의" crumbs={[{ label: '고객센터', to: '/customer' }, { label: '1:1 문의' }]}>
      <p className="mb-4 text-slate-700">궁금한 점을 남기시면 답변이 등록될 때 이메일로 알려 드립니다.</p>
      <InquiryForm />
    </SectionFrame>
  );
}
