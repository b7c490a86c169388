import { Link } from 'react-router';

export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-8 text-sm text-slate-600">
        <span className="font-semibold text-slate-800">{siteName}</span>
        <Link to="/customer" id="shortcutc" className="hover:text-brand-700">
          고객센터
        </Link>
        <Link to="/customer/faq" id="shortcutcf" className="hover:text-brand-700">
          자주 묻는 질문
        </Link>
        <Link to="/customer/inquiry" id="shortcutci" className="hover:text-brand-700">
          1:1 문의
        </Link>
        <span className="w-full text-slate-500">
          © {new Date().getFullYear()} {siteName}. 한인 커뮤니티를 위한 포털.
        </span>
      </div>
    </footer>
  );
}
