import { Form, Link } from 'react-router';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { type Route } from './+types/search.ts';

/** /search has its own layout (SPEC §2): a large search box; results land with the search issue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  return { siteName: context.get(pageContext).deps.env.SITE_NAME, q };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, d.q ? `'${d.q}' 검색` : '검색') }] : [];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { siteName, q } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/" className="text-xl font-extrabold text-brand-700">
        {siteName}
      </Link>
      <h1 className="mt-6 text-2xl font-bold">통합 검색</h1>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <label htmlFor="shortcuts" className="sr-only">
          검색어
        </label>
        <input
          id="shortcuts"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="검색어를 입력하세요"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3 text-lg"
        />
        <button type="submit" className="rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
          검색
        </button>
      </Form>
      <p className="mt-8 text-slate-600">
        {q ? `'${q}'에 대한 검색 결과를 준비하고 있습니다.` : '뉴스, 생활정보, 구인구직, 벼룩시장, 커뮤니티, 업소록을 한 번에 찾아보세요.'}
      </p>
    </main>
  );
}
