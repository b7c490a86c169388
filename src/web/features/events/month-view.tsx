import { addDays, isoWeekday } from '#shared/events.ts';
import { Link } from '../../components/ui/link.tsx';

/** One day of the month view: its events' ids, titles and times. */
export interface MonthDay {
  date: string;
  events: { id: number; title: string; time: string }[];
}

const HEADS = ['일', '월', '화', '수', '목', '금', '토'];

/** The month as a calendar, weeks from Sunday as Korean calendars print them. On a phone each
 * day shows its events' titles under its number, small; every title links to its event. */
export function MonthView({ month, days, today }: { month: string; days: readonly MonthDay[]; today: string }) {
  const first = `${month}-01`;
  // Sunday first: ISO 7 is column 0.
  const lead = isoWeekday(first) % 7;
  const cells: (MonthDay | null)[] = [...Array.from({ length: lead }, () => null), ...days];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{`${Number(month.slice(0, 4))}년 ${Number(month.slice(5, 7))}월 행사 달력`}</caption>
      <thead>
        <tr>
          {HEADS.map((h, i) => (
            <th key={h} scope="col" className={`py-1 ${i === 0 ? 'text-red-700' : i === 6 ? 'text-blue-700' : 'text-slate-700'}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find((d) => d)?.date ?? addDays(first, -1)}>
            {week.map((d, i) =>
              d ? (
                <td
                  key={d.date}
                  aria-current={d.date === today ? 'date' : undefined}
                  className="h-20 border border-slate-200 p-1 align-top aria-[current=date]:bg-amber-50 sm:h-28"
                >
                  <span className="font-semibold">{Number(d.date.slice(8))}</span>
                  <ul>
                    {d.events.map((e) => (
                      <li key={e.id} className="truncate">
                        <Link to={`/events/${e.id}`} className="text-brand-900 hover:underline" title={e.title}>
                          <span className="hidden sm:inline">{e.time} </span>
                          {e.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </td>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell has no identity but its place
                <td key={`empty${i}`} className="border border-slate-200" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
