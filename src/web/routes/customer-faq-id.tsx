import { data } from 'react-router';
import { TopCategory } from '#shared/enums.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import { FAQ_LIST } from '#shared/site.ts';
import { excerpt, htmlToText } from '#shared/text.ts';
import { getContent } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { Link } from '../components/ui/link.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { pageContext } from '../entry.server.tsx';
import { statusOf } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/customer-faq-id.ts';

// A FAQ answer's own page: the list opens each answer in place, and this is the address the
// customer centre shares when it answers with one (a question, its answer, the way on).

export async function loader({ params, context }: Route.LoaderArgs) {
  const { deps, caller } = context.get(pageContext);
  const notFound = () => data(`Page not found: ${FAQ_LIST}/${params.id}`, { status: 404 });
  if (!isPathId(params.id)) throw notFound();
  let item: { id: number; title: string; category: string; content: string; topcategory: number };
  try {
    item = (await getContent(deps, 'board', caller, Number(params.id))) as typeof item;
  } catch (err) {
    if (statusOf(err) === 404) throw notFound();
    throw err;
  }
  // A community post's id under /customer/faq is not an answer.
  if (item.topcategory !== TopCategory.customer) throw notFound();
  const { id, title, category, content } = item;
  return { siteName: deps.env.SITE_NAME, item: { id, title, category, content } };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  return [
    { title: pageTitle(d.siteName, d.item.title) },
    { name: 'description', content: excerpt(htmlToText(d.item.content), 160) || `${d.siteName} 자주 묻는 질문` },
  ];
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  const { item } = d;
  return (
    <SectionFrame
      title="자주 묻는 질문"
      crumbs={[{ label: '고객센터', to: '/customer' }, { label: '자주 묻는 질문', to: FAQ_LIST }, { label: item.title }]}
    >
      <article className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="text-xl font-bold break-words">
          {item.category ? <span className="mr-2 text-base font-semibold text-brand-700">{`[${item.category}]`}</span> : null}
          {item.title}
        </h2>
        <RichText html={item.content} className="mt-3" />
      </article>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={FAQ_LIST} className="inline-block py-2 font-semibold text-brand-700 hover:underline">
          ‹ 다른 질문 보기
        </Link>
        <Link to="/customer/inquiry" className="inline-block py-2 font-semibold text-brand-700 hover:underline">
          찾는 답이 없나요? 1:1 문의하기
        </Link>
      </p>
    </SectionFrame>
  );
}
