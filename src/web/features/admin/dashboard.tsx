import { Link } from '../../components/ui/link.tsx';

export interface DashboardData {
  signups: { today: number; week: number };
  sections: { key: string; label: string; shown: number; hidden: number }[];
  inquiries: { waiting: number };
}

function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link to={to} className="block rounded-xl border border-slate-200 bg-white px-2.5 py-3 hover:border-brand-600 sm:p-4">
      <span className="block text-sm whitespace-nowrap text-slate-600 sm:text-base">{label}</span>
      <span className="mt-1 block text-2xl font-bold text-brand-700 sm:text-3xl">{value.toLocaleString('ko-KR')}</span>
    </Link>
  );
}

/** A count that a screen reader names in full ("뉴스 숨김 3개") around the number a person sees, so
 * the link's name holds its visible text. */
function CountName({ label, state, count }: { label: string; state: string; count: number }) {
  return (
    <>
      <span className="sr-only">
        {label} {state}{' '}
      </span>
      {count.toLocaleString('ko-KR')}
      <span className="sr-only">개</span>
    </>
  );
}

/** The admin's first screen: sign-ups, waiting inquiries and items per section, each leading to
 * the screen where it is handled. */
export function Dashboard({ data }: { data: DashboardData }) {
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="mb-3 text-xl font-bold">
        관리 현황
      </h2>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        <Stat label="오늘 가입" value={data.signups.today} to="/admin/user?sort=-date" />
        <Stat label="이번 주 가입" value={data.signups.week} to="/admin/user?sort=-date" />
        <Stat label="대기중 문의" value={data.inquiries.waiting} to="/admin/inquiry?status=1" />
      </div>
      <section aria-labelledby="sections-title" className="mt-6 rounded-xl border border-slate-200 bg-white">
        <h2 id="sections-title" className="border-b border-slate-200 px-4 py-3 text-lg font-bold">
          섹션별 게시물
        </h2>
        <table className="w-full text-left">
          <thead className="text-sm text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">
                섹션
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                게시중
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                숨김
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.sections.map((s) => (
              <tr key={s.key}>
                <th scope="row" className="px-4 py-2 font-semibold">
                  <Link to={`/admin?section=${s.key}#moderation`} className="text-brand-700 hover:underline">
                    {s.label}
                  </Link>
                </th>
                <td className="px-4 py-2 text-right">
                  <Link to={`/admin?section=${s.key}#moderation`} className="hover:underline">
                    <CountName label={s.label} state="게시중" count={s.shown} />
                  </Link>
                </td>
                <td className="px-4 py-2 text-right">
                  <Link to={`/admin?section=${s.key}&hidden=1#moderation`} className="hover:underline">
                    <CountName label={s.label} state="숨김" count={s.hidden} />
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
