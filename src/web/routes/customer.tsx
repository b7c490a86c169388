import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { type Route } from './+types/customer.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.get(pageContext).deps.env.SITE_NAME };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '고객센터') }] : [];
}

export default function Page() {
  return (
    <SectionFrame title="고객센터" crumbs={[{ label: '고객센터' }]}>
      <EmptyState title="고객센터">자주 묻는 질문, 1:1 문의, 연락처가 이곳에 표시됩니다.</EmptyState>
    </SectionFrame>
  );
}
