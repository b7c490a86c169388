import { JobsType } from '#shared/enums.ts';
import { formatDate } from '#shared/format.ts';
import { bumpDateTimeText } from '#shared/freshness.ts';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import { PhoneLink } from '../../components/ui/phone-link.tsx';
import { hasPay } from '#shared/pay.ts';
import { DeadlineBadge, hasNoDeadline, type JobsItem, JobsTypeBadge } from './jobs-list.tsx';
import { JobsPay, VisaTags } from './jobs-pay.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  if (!children) return null;
  return (
    <div className="flex gap-3 border-b border-slate-100 py-2 last:border-0">
      <dt className="w-24 shrink-0 font-semibold text-slate-600">{label}</dt>
      <dd className="min-w-0 flex-1">{children}</dd>
    </div>
  );
}

/** A posting's facts before its text: company, type, employment, place, deadline, contact (a
 * 구직 post has no company or deadline, so those rows are left out). */
export function JobsFacts({ job, today, timeZone }: { job: JobsItem; today: string; timeZone: string }) {
  const deadline = formatDate(job.limitdate, timeZone);
  const showDeadline = !hasNoDeadline(job);
  // A 구직 post with nothing but its text has no empty box of facts.
  const hasFacts =
    showDeadline ||
    hasPay(job) ||
    job.visa.length > 0 ||
    [job.companyname, job.employmenttype, job.location, job.manager, job.tel, job.email, job.url].some(Boolean);
  return (
    <header>
      <p className="flex flex-wrap items-center gap-2">
        <JobsTypeBadge type={job.type} />
        <DeadlineBadge job={job} today={today} />
        {job.category ? <span className="text-sm text-slate-600">{job.category}</span> : null}
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{job.title}</h1>
      <MetaLine
        parts={[job.name, formatDate(job.date, timeZone), bumpDateTimeText(job, timeZone)]}
        counts={[
          ['조회', job.count],
          ['좋아요', job.like],
        ]}
      />
      {hasFacts ? (
        <dl className="mt-4 rounded-xl border border-slate-200 bg-white px-4 py-2">
          <Row label="회사">{job.companyname}</Row>
          <Row label={job.type === JobsType.seeking ? '희망 고용형태' : '고용형태'}>{job.employmenttype}</Row>
          <Row label="지역">{job.location}</Row>
          <Row label={job.type === JobsType.seeking ? '희망 급여' : '급여'}>
            <JobsPay job={job} />
          </Row>
          <Row label="비자">{job.visa.length ? <VisaTags visa={job.visa} /> : null}</Row>
          <Row label="마감일">
            {!showDeadline ? null : deadline ? (
              <>
                {deadline} <DeadlineBadge job={job} today={today} />
              </>
            ) : (
              '상시 모집'
            )}
          </Row>
          <Row label="담당자">{job.manager}</Row>
          <Row label="전화">{job.tel ? <PhoneLink phone={job.tel} /> : null}</Row>
          <Row label="이메일">
            {job.email ? (
              <a href={`mailto:${job.email}`} className="text-brand-700 underline">
                {job.email}
              </a>
            ) : null}
          </Row>
          <Row label="웹사이트">
            {job.url ? (
              <a href={job.url} rel="noopener noreferrer nofollow" target="_blank" className="break-all text-brand-700 underline">
                {job.url}
              </a>
            ) : null}
          </Row>
        </dl>
      ) : null}
    </header>
  );
}
