import { fakerKO as faker } from '@faker-js/faker';
import { BusinessMain, BusinessType } from '#shared/enums.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { spreadDates } from './dates.ts';
import { BUSINESS_IMAGE, BUSINESSES, HOURS } from './demo-data/businesses.ts';
import { addLikedItem, someMembers } from './likes.ts';
import { phone, regulars, scaled, type Seeder } from './seeder.ts';

/** The business directory: each shop with its hours and picture; premium shops get a web address. */
export async function addBusinesses(s: Seeder, scale: number): Promise<void> {
  const list = scaled(BUSINESSES, scale);
  const dates = spreadDates(list.length, s.now);
  for (const [i, t] of list.entries()) {
    const author = faker.helpers.arrayElement(regulars(s));
    const h = HOURS[t.hours];
    const tel = phone(t.location);
    const hours = `평일 ${h.start} ~ ${h.end}${h.rest[0] ? ` (브레이크타임 ${h.rest[0]} ~ ${h.rest[1]})` : ''}, 주말 ${h.weekend[0]} ~ ${h.weekend[1]}`;
    const likers = someMembers(s, 6, author.id);
    const image = s.images[BUSINESS_IMAGE[t.category]!] as string;
    await addLikedItem(
      s,
      'business',
      {
        category: t.category,
        subcategory: t.subcategory,
        title: t.title,
        tel,
        address: t.address,
        url: t.premium ? `https://example.com/biz/${i + 1}` : '',
        location: t.location,
        starttime: h.start,
        endtime: h.end,
        weekendstarttime: h.weekend[0],
        weekendendtime: h.weekend[1],
        breakstarttime: h.rest[0],
        breakendtime: h.rest[1],
        closeddays: '',
        image,
        images: JSON.stringify([image]),
        content: sanitizeRichText(`<p>${t.about}</p><ul><li>주소: ${t.address}</li><li>전화: ${tel}</li><li>영업시간: ${hours}</li></ul>`),
        type: t.premium ? BusinessType.premium : BusinessType.normal,
        main: t.main ? BusinessMain.main : BusinessMain.normal,
        count: faker.number.int({ min: 30, max: 1500 }),
      },
      author,
      likers,
      dates[i]!,
    );
  }
  s.counts.business = list.length;
}
