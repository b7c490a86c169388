import { CardLink } from '../../components/ui/card-link.tsx';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import type { JobsRecord } from '#shared/api.ts';
import { JobsType, JobsTypeLabel } from '#shared/enums.ts';
import { dDay, formatDate, isEmptyDate } from '#shared/format.ts';
import { bumpText } from '#shared/freshness.ts';
import { JobsPay, VisaTags } from './jobs-pay.tsx';

export type JobsItem = JobsRecord;

/** A 구직 post (a person looking for work) without a deadline has none to show: "상시 모집" is a
 * hiring word. */
export const hasNoDeadline = (job: Pick<JobsItem, 'limitdate' | 'type'>) => job.type === JobsType.seeking && isEmptyDate(job.limitdate);

/** PRODUCT.md: the deadline as D-day, 마감 once past, closed (30 days without a bump) or when
 * the status says sold (2). */
export function DeadlineBadge({ job, today }: { job: Pick<JobsItem, 'limitdate' | 'status' | 'type' | 'closed'>; today: string }) {
  const over = job.status === 2 || job.closed === 1;
  if (!over && hasNoDeadline(job)) return null;
  const label = over ? '마감' : dDay(job.limitdate, today);
  const closed = label === '마감';
  const soon = label === 'D-day' || /^D-[1-3]$/.test(label);
  return (
    <span
      className={`shrink-0 rounded px-1.5 py-0.5 text-sm font-bold whitespace-nowrap ${closed ? 'bg-slate-200 text-slate-600' : soon ? 'bg-red-100 text-red-700' : 'bg-brand-50 text-brand-700'}`}
    >
      {label}
    </span>
  );
}

export function JobsTypeBadge({ type }: { type: number }) {
  return (
    <span
      className={`shrink-0 rounded px-1.5 py-0.5 text-sm font-semibold ${type === 2 ? 'bg-violet-100 text-violet-800' : 'bg-emerald-100 text-emerald-800'}`}
    >
      {JobsTypeLabel[type] ?? JobsTypeLabel[1]}
    </span>
  );
}

export function JobsList({ items, base, timeZone, today }: { items: JobsItem[]; base: string; timeZone: string; today: string }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((j) => (
        <li key={j.id} className="group relative px-4 py-3">
          <span className="flex items-start gap-2">
            <JobsTypeBadge type={j.type} />
            <CardLink
              to={`${base}/${j.id}`}
              className="min-w-0 flex-1 text-lg font-medium group-hover:text-brand-700 group-hover:underline"
            >
              {j.title}
            </CardLink>
            <DeadlineBadge job={j} today={today} />
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <JobsPay job={j} className="text-base" />
            <span>{[j.companyname, j.location, j.employmenttype, j.category].filter(Boolean).join(' · ')}</span>
            <VisaTags visa={j.visa} />
          </span>
          <MetaLine
            author={j}
            parts={[bumpText(j, timeZone, today) || formatDate(j.date, timeZone)]}
            counts={[
              ['조회', j.count],
              ['좋아요', j.like],
            ]}
            className="text-sm text-slate-500"
          />
        </li>
      ))}
    </ul>
  );
}
