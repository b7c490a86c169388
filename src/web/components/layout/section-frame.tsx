import { Link } from '../ui/link.tsx';

export interface Crumb {
  label: string;
  to?: string;
}

/** A section page's frame: breadcrumb, title, optional actions, the page's content. */
export function SectionFrame({
  title,
  crumbs,
  actions,
  children,
}: {
  title: string;
  crumbs: Crumb[];
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-6">
      <nav aria-label="현재 위치" className="text-sm text-slate-500">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:text-brand-700">
              홈
            </Link>
          </li>
          {crumbs.map((c) => (
            <li key={c.label} className="before:mx-1 before:content-['›']">
              {c.to ? (
                <Link to={c.to} className="hover:text-brand-700">
                  {c.label}
                </Link>
              ) : (
                <span aria-current="page">{c.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </main>
  );
}

/** An empty list or page: says what will be there. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <h2 className="text-lg font-semibold text-slate-800">{title}</h2>
      {children ? <div className="mt-2 text-slate-600">{children}</div> : null}
    </section>
  );
}
