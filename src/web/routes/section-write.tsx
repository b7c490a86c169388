import { sectionOfPath } from '#shared/site.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { type Route } from './+types/section-write.ts';

/** Write and edit pages (`?id=N` edits): members only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireMemberPage(context, request);
  const { deps } = context.get(pageContext);
  const url = new URL(request.url);
  const section = sectionOfPath(url.pathname);
  const faq = url.pathname.startsWith('/customer/');
  const editId = Number(url.searchParams.get('id') ?? 0) || 0;
  return {
    siteName: deps.env.SITE_NAME,
    label: faq ? '자주 묻는 질문' : (section?.label ?? ''),
    path: faq ? '/customer/faq' : (section?.path ?? '/'),
    editId,
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, `${d.label} ${d.editId ? '글 수정' : '글쓰기'}`) }] : [];
}

export default function SectionWrite({ loaderData }: Route.ComponentProps) {
  const { label, path, editId } = loaderData;
  const title = editId ? '글 수정' : '글쓰기';
  return (
    <SectionFrame title={`${label} ${title}`} crumbs={[{ label, to: path }, { label: title }]}>
      <EmptyState title="글쓰기 화면을 준비하고 있습니다">제목, 내용, 사진을 올리는 양식이 이곳에 표시됩니다.</EmptyState>
    </SectionFrame>
  );
}
