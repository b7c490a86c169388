import { useLocation } from 'react-router';
import { ReportMessages } from '#shared/reports.ts';
import { pageTitle } from '../../lib/titles.ts';

/** What an error page says, in Korean first (PRODUCT.md, Screens): a 404 names the path as SPEC
 * §2 writes it, a 403 says who may (the loader's own sentence), and "Internal Server Error" is
 * kept for real faults. The header and footer around it stay (root.tsx). */
export function ErrorMessage({ status, detail, siteName }: { status: number; detail?: string; siteName: string }) {
  const { pathname } = useLocation();
  const { english, heading, line } = wordsFor(status, detail, pathname);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{pageTitle(siteName, heading)}</title>
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <p className="mt-2 text-sm font-medium text-slate-500">{english}</p>
      <h1 className="mt-3 text-2xl font-semibold break-keep">{heading}</h1>
      <p className="mt-3 text-slate-600 break-keep">{line}</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
        홈으로 가기
      </a>
    </main>
  );
}

function wordsFor(status: number, detail: string | undefined, pathname: string) {
  if (status === 404 && detail === ReportMessages.held)
    return {
      english: 'Under Review',
      heading: ReportMessages.held,
      line: '신고가 접수되어 운영진이 검토하고 있습니다. 검토가 끝나면 다시 공개되거나 삭제됩니다.',
    };
  if (status === 404) return { english: 'Page Not Found', heading: '페이지를 찾을 수 없습니다', line: `Page not found: ${pathname}` };
  if (status === 403)
    return { english: 'Forbidden', heading: '권한이 없습니다', line: detail ?? '이 페이지를 볼 수 있는 권한이 없습니다.' };
  if (status < 500)
    return { english: 'Bad Request', heading: '요청을 처리할 수 없습니다', line: detail ?? '주소나 입력한 내용을 확인해 주세요.' };
  return {
    english: 'Internal Server Error',
    heading: 'Internal Server Error',
    line: '일시적인 문제로 페이지를 보여 드리지 못했습니다. 잠시 후 다시 시도해 주세요.',
  };
}
