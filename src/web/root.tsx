import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router';
import { findSessionUser } from '#server/modules/user/user.service.ts';
import { type Route } from './+types/root.ts';
import './app.css';
import { pageContext } from './entry.server.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const { deps, actor, nonce } = context.get(pageContext);
  const user = actor ? await findSessionUser(deps.db, actor.id) : undefined;
  return {
    nonce,
    siteName: deps.env.SITE_NAME,
    user: user ? { id: user.id, nickname: user.nickname, level: user.level } : null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** SPEC §2: 404 shows Page Not Found, anything else Internal Server Error. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{notFound ? 'Page Not Found' : 'Internal Server Error'}</title>
      <p className="text-5xl font-bold text-brand-700">{notFound ? 404 : 500}</p>
      <h1 className="mt-4 text-2xl font-semibold">{notFound ? 'Page Not Found' : 'Internal Server Error'}</h1>
      {notFound && detail ? <p className="mt-2 text-slate-600">{detail}</p> : null}
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-medium text-white hover:bg-brand-700">
        홈으로 가기
      </a>
    </main>
  );
}
