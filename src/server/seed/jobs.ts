import { fakerKO as faker } from '@faker-js/faker';
import { JobsStatus, JobsType } from '#shared/enums.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { visaBits } from '#server/modules/jobs/jobs-pay.ts';
import { addDays, spreadDates } from './dates.ts';
import { JOBS } from './demo-data/jobs.ts';
import { addLikedItem, someMembers } from './likes.ts';
import { phone, regulars, scaled, type Seeder } from './seeder.ts';

/** The jobs section: offers with a deadline (some past, some open-ended) and members looking for work. */
export async function addJobs(s: Seeder, scale: number, today: string): Promise<void> {
  const jobs = scaled(JOBS, scale);
  const dates = spreadDates(jobs.length, s.now);
  for (const [i, t] of jobs.entries()) {
    const author = faker.helpers.arrayElement(regulars(s));
    const recruit = t.type === JobsType.recruit;
    // Deadlines: some past (shown as 마감), most in the coming weeks, some open (상시).
    const limit =
      !recruit || i % 5 === 4
        ? ''
        : i % 5 === 0
          ? addDays(today, -faker.number.int({ min: 1, max: 20 }))
          : addDays(today, faker.number.int({ min: 3, max: 35 }));
    const content = recruit
      ? `<h3>업무 내용</h3><p>${t.about}</p><h3>근무 조건</h3><ul><li>고용 형태: ${t.employmenttype}</li><li>근무지: ${t.location}</li><li>급여: ${t.pay}</li></ul><p>관심 있는 분은 이메일이나 전화로 연락 주세요.</p>`
      : `<p>${t.about}</p><ul><li>희망 지역: ${t.location}</li><li>희망 형태: ${t.employmenttype}</li><li>희망 급여: ${t.pay}</li></ul><p>연락 기다리겠습니다.</p>`;
    const likers = someMembers(s, 3, author.id);
    await addLikedItem(
      s,
      'jobs',
      {
        title: t.title,
        content: sanitizeRichText(content),
        type: t.type,
        companyname: t.companyname ?? '',
        tel: phone(t.location),
        url: '',
        manager: recruit ? faker.person.fullName() : author.nickname,
        email: `${recruit ? 'recruit' : 'resume'}${i + 1}@example.com`,
        category: t.category,
        location: t.location,
        employmenttype: t.employmenttype,
        limitdate: limit,
        status: limit !== '' && limit < today ? JobsStatus.sold : JobsStatus.selling,
        count: faker.number.int({ min: 20, max: 700 }),
        paymin: t.salary?.[0] ?? 0,
        paymax: t.salary?.[1] ?? 0,
        payunit: t.salary?.[2] ?? 0,
        visa: visaBits(t.visa ?? []),
      },
      author,
      likers,
      dates[i]!,
    );
  }
  s.counts.jobs = jobs.length;
}
