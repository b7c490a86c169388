import { fakerKO as faker } from '@faker-js/faker';
import { HousingGender, HousingKind, YesNo } from '#shared/enums.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { addDays, spreadDates } from './dates.ts';
import { HOUSING } from './demo-data/housing.ts';
import { addLikedItem, someMembers } from './likes.ts';
import { phone, regulars, scaled, type Seeder } from './seeder.ts';

const yesNo = (v: boolean) => (v ? YesNo.yes : YesNo.no);

/** 부동산: homes of every kind, with photos, an address and a contact for members. */
export async function addHousing(s: Seeder, scale: number, today: string): Promise<void> {
  const homes = scaled(HOUSING, scale);
  const dates = spreadDates(homes.length, s.now);
  for (const [i, t] of homes.entries()) {
    const author = faker.helpers.arrayElement(regulars(s));
    const sale = t.kind === HousingKind.sale;
    const images = t.images.map((k) => s.images[k]);
    await addLikedItem(
      s,
      'housing',
      {
        title: t.title,
        content: sanitizeRichText(`<p>${t.about}</p><p>집을 직접 보신 뒤에 계약하세요. 문의는 전화나 쪽지로 주세요.</p>`),
        image: images[0] ?? '',
        images: JSON.stringify(images),
        kind: t.kind,
        rent: sale ? 0 : t.money,
        deposit: t.deposit,
        price: sale ? t.money : 0,
        movein: t.moveInDays === undefined ? '' : addDays(today, t.moveInDays),
        lease: t.lease ?? 0,
        bedrooms: t.bedrooms,
        bathrooms: t.bathrooms,
        furnished: yesNo(t.furnished),
        utilities: yesNo(t.utilities),
        pets: yesNo(t.pets),
        parking: yesNo(t.parking),
        gender: t.gender ?? HousingGender.any,
        location: t.location,
        address: `${t.street} ${100 + i}`,
        tel: phone(t.location),
        email: `home${i + 1}@example.com`,
        status: 1,
        count: faker.number.int({ min: 15, max: 500 }),
      },
      author,
      someMembers(s, 3, author.id),
      dates[i]!,
    );
  }
  s.counts.housing = homes.length;
}
