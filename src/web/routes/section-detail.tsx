import { data } from 'react-router';
import { sectionOfPath } from '#shared/site.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { type Route } from './+types/section-detail.ts';

/** A post's page. Ids that are not numbers are not posts: a real 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { deps } = context.get(pageContext);
  const url = new URL(request.url);
  const section = sectionOfPath(url.pathname);
  if (!section || !/^[1-9]\d{0,14}$/.test(params.id)) throw data(`Page not found: ${url.pathname}`, { status: 404 });
  return { siteName: deps.env.SITE_NAME, section, id: Number(params.id) };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, `${d.section.label} ${d.id}번 글`) }] : [];
}

export default function SectionDetail({ loaderData }: Route.ComponentProps) {
  const { section, id } = loaderData;
  return (
    <SectionFrame title={`${section.label} 글`} crumbs={[{ label: section.label, to: section.path }, { label: `${id}번 글` }]}>
      <EmptyState title="글 내용을 준비하고 있습니다">본문, 사진, 댓글과 좋아요가 이곳에 표시됩니다.</EmptyState>
    </SectionFrame>
  );
}
