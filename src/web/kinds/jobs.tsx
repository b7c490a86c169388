import { EMPLOYMENT_TYPES } from '#shared/categories.ts';
import { JobsStatus, JobsType, JobsTypeLabel, PayUnitLabel, VisaLabel } from '#shared/enums.ts';
import { JobsSaveSchema } from '#shared/schemas/content.ts';
import { RichText } from '../components/ui/rich-text.tsx';
import {
  amountField,
  categoryField,
  codeField,
  contentField,
  emailField,
  homepageField,
  locationField,
  telField,
  textField,
  titleField,
  wordField,
} from '../features/editor/write-fields.tsx';
import type { WriteValues } from '../features/editor/write-target.ts';
import { JobsFacts } from '../features/jobs/jobs-detail.tsx';
import { JobPostingData } from '../features/jobs/job-posting.tsx';
import { DeadlineBadge, JobsList, JobsTypeBadge } from '../features/jobs/jobs-list.tsx';
import { formatDate } from '#shared/format.ts';
import { bumpText } from '#shared/freshness.ts';
import { visaField } from './jobs-visa-field.tsx';
import { type BodyProps, type CardsProps, category, type HomeRowProps, labels, location, select, type WebKind } from './kind.ts';

// 구인구직: 구인 (hiring) and 구직 (seeking) posts; a 구인 post has a company and a deadline. Jobs
// close and are bumped (끌어올리기).

/** A 구직 post is a person looking for work: no company, deadline or hiring manager. */
const seeking = (values: WriteValues) => Number(values.type) === JobsType.seeking;
const recruiting = (values: WriteValues) => !seeking(values);

const JOBS_STATUS: Record<number, string> = { [JobsStatus.selling]: '모집중', [JobsStatus.sold]: '마감' };

function JobsBody({ item, today, timeZone }: BodyProps) {
  return (
    <>
      <JobsFacts job={item} today={today} timeZone={timeZone} />
      <RichText html={item.content} className="mt-4" />
      <JobPostingData job={item} />
    </>
  );
}

export const jobs: WebKind = {
  list: {
    filters: [
      select('type', '구분', [
        ['1', '구인'],
        ['2', '구직'],
      ]),
      category('jobs'),
      location,
      select('employmenttype', '고용형태', labels(EMPLOYMENT_TYPES)),
      select('visa', '비자', Object.entries(VisaLabel)),
      // Jobs whose top of the range reaches it, as an hourly equivalent.
      { name: 'minpay', label: '최저 시급($)', kind: 'number' },
      { name: 'expired', label: '마감된 공고 포함', kind: 'check' },
    ],
    // Listing order: the last bumped first (끌어올리기).
    order: 'fresh',
    fields: ['type', 'limitdate', 'status', 'companyname', 'employmenttype', 'closed', 'bumpdate', 'paymin', 'paymax', 'payunit', 'visa'],
    Cards: ({ items, base, timeZone, today }: CardsProps) => <JobsList items={items} base={base} timeZone={timeZone} today={today} />,
  },
  Body: JobsBody,
  write: {
    schema: JobsSaveSchema,
    fields: [
      codeField('type', '구분', JobsTypeLabel, JobsType.recruit),
      categoryField,
      titleField(),
      locationField,
      textField('companyname', '회사명', {}, recruiting),
      wordField('employmenttype', (values) => (seeking(values) ? '희망 고용 형태' : '고용 형태'), EMPLOYMENT_TYPES),
      // A pay in one unit; 급여 협의 (0) is none.
      codeField('payunit', (values) => (seeking(values) ? '희망 급여 단위' : '급여 단위'), { 0: '급여 협의', ...PayUnitLabel }, 0),
      amountField('paymin', '최소 급여 ($)'),
      amountField('paymax', '최대 급여 ($, 없으면 비워 두세요)'),
      visaField,
      textField('limitdate', '마감일 (비우면 상시 모집)', { type: 'date' }, recruiting),
      textField('manager', '담당자', {}, recruiting),
      telField,
      emailField,
      homepageField,
      contentField,
    ],
  },
  // As the /jobs list shows a posting: 구인 or 구직 before the title, its D-day and 끌올 under it.
  home: {
    title: '구인구직',
    query: { sort: 'fresh' },
    columns: ['id', 'title', 'date', 'location', 'type', 'limitdate', 'status', 'closed', 'bumpdate'],
    Badges: ({ row }: HomeRowProps) => <JobsTypeBadge type={row.type ?? JobsType.recruit} />,
    Line: ({ row, timeZone, today }: HomeRowProps) => {
      const date = row.date ?? '';
      return (
        <>
          <DeadlineBadge
            job={{
              limitdate: row.limitdate ?? '',
              status: row.status ?? JobsStatus.selling,
              type: row.type ?? JobsType.recruit,
              closed: row.closed ?? 0,
            }}
            today={today}
          />
          <span className="whitespace-nowrap">
            {bumpText({ date, bumpdate: row.bumpdate }, timeZone, today) || formatDate(date, timeZone)}
          </span>
          {row.location ? <span className="whitespace-nowrap">{row.location}</span> : null}
        </>
      );
    },
  },
  listing: {},
  // An applicant asks about a posting (or an employer about a 구직 post), with its kind and deadline.
  chat: {
    Facts: ({ item }) => (
      <span className="flex flex-wrap items-center gap-2">
        <JobsTypeBadge type={item.type} />
        {item.companyname ? <span className="break-words">{item.companyname}</span> : null}
        <span className="whitespace-nowrap text-sm text-slate-600">{JOBS_STATUS[Number(item.status ?? JobsStatus.selling)]}</span>
      </span>
    ),
  },
  // `close` makes a posting 마감 (SPEC §3 status 2).
  moderation: {
    noun: ['공고', '공고를'],
    close: { action: '마감 처리', state: '마감', closed: (item) => item.status === JobsStatus.sold },
    state: (item) => JOBS_STATUS[Number(item.status ?? JobsStatus.selling)] ?? '',
  },
};
