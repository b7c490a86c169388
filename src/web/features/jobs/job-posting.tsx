import { JobsType } from '#shared/enums.ts';
import { hasPay, PAY_CURRENCY, SCHEMA_PAY_UNIT } from '#shared/pay.ts';
import { LOCATION_REGION } from '#shared/categories.ts';
import { scriptJson } from '../../lib/script-json.ts';
import type { JobsItem } from './jobs-list.tsx';

// A 구인's page carries schema.org JobPosting data (PRODUCT.md), the properties Google's job
// search reads: title, description, datePosted, validThrough, employmentType, hiringOrganization,
// jobLocation and baseSalary. A 구직 post is a person, not a posting: none.

/** EMPLOYMENT_TYPES' words as schema.org's employment types. */
const EMPLOYMENT_TYPE: Record<string, string> = { 정규직: 'FULL_TIME', 파트타임: 'PART_TIME', 계약직: 'CONTRACTOR', 인턴: 'INTERN' };

export function jobPosting(job: JobsItem): Record<string, unknown> | null {
  if (job.type !== JobsType.recruit) return null;
  const employmentType = EMPLOYMENT_TYPE[job.employmenttype];
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    // HTML is what the property takes; an empty text would leave the posting without one.
    description: job.content || job.title,
    datePosted: job.date,
    ...(job.expiredate ? { validThrough: job.expiredate } : {}),
    ...(employmentType ? { employmentType } : {}),
    hiringOrganization: { '@type': 'Organization', name: job.companyname || job.name },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(job.location ? { addressLocality: job.location } : {}),
        addressRegion: LOCATION_REGION.region,
        addressCountry: LOCATION_REGION.country,
      },
    },
    ...(hasPay(job)
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: PAY_CURRENCY,
            value: {
              '@type': 'QuantitativeValue',
              minValue: job.paymin,
              maxValue: Math.max(job.paymin, job.paymax),
              unitText: SCHEMA_PAY_UNIT[job.payunit],
            },
          },
        }
      : {}),
  };
}

/** The posting's JSON-LD, escaped so that no text of the job ends the script element. */
export function JobPostingData({ job }: { job: JobsItem }) {
  const data = jobPosting(job);
  if (!data) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (scriptJson).
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />;
}
