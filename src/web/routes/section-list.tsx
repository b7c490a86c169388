import { data, Link } from 'react-router';
import { sectionOfPath } from '#shared/site.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { type Route } from './+types/section-list.ts';

/** A section's list page (news, life, jobs, market, community, business, organizations, FAQ). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps } = context.get(pageContext);
  const url = new URL(request.url);
  const section = sectionOfPath(url.pathname);
  if (!section) throw data(`Page not found: ${url.pathname}`, { status: 404 });
  const faq = url.pathname.startsWith('/customer/faq');
  return {
    siteName: deps.env.SITE_NAME,
    title: faq ? '자주 묻는 질문' : section.label,
    section,
    faq,
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d
    ? [{ title: pageTitle(d.siteName, d.title) }, { name: 'description', content: `${d.siteName} ${d.title}: ${d.section.empty}` }]
    : [];
}

export default function SectionList({ loaderData }: Route.ComponentProps) {
  const { title, section, faq } = loaderData;
  const crumbs = faq ? [{ label: section.label, to: section.path }, { label: title }] : [{ label: title }];
  const writePath = faq ? '/customer/write' : `${section.path}/write`;
  return (
    <SectionFrame
      title={title}
      crumbs={crumbs}
      actions={
        <Link to={writePath} className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          글쓰기
        </Link>
      }
    >
      <EmptyState title="아직 등록된 글이 없습니다">{faq ? '자주 묻는 질문과 답변이 이곳에 정리됩니다.' : section.empty}</EmptyState>
    </SectionFrame>
  );
}
