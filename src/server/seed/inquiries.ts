import { fakerKO as faker } from '@faker-js/faker';
import { InquiryStatus } from '#shared/enums.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { laterDates, spreadDates } from './dates.ts';
import { INQUIRIES } from './demo-data/inquiries.ts';
import { regulars, type Seeder } from './seeder.ts';

/** The customer centre's inquiries; an answered one got its answer within three days. */
export async function addInquiries(s: Seeder): Promise<void> {
  const dates = spreadDates(INQUIRIES.length, s.now);
  await s.db
    .insertInto('inquiry')
    .values(
      INQUIRIES.map((t, i) => {
        const author = faker.helpers.arrayElement(regulars(s));
        return {
          title: t.title,
          content: sanitizeRichText(t.body),
          answer: t.answer ? sanitizeRichText(t.answer) : '',
          status: t.answer ? InquiryStatus.answered : InquiryStatus.waiting,
          updatedate: t.answer ? laterDates(dates[i]!, 1, s.now, 3)[0]! : '',
          name: author.nickname,
          user: author.id,
          date: dates[i]!,
        };
      }),
    )
    .execute();
  s.counts.inquiries = INQUIRIES.length;
}
