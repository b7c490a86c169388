import { HousingGenderLabel, HousingKind, HousingKindLabel, YesNo } from '#shared/enums.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { bumpDateTimeText } from '#shared/freshness.ts';
import { LoginLink } from '../../components/ui/login-link.tsx';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import { PhoneLink } from '../../components/ui/phone-link.tsx';
import { type Me, membersOnlyOf } from '../../lib/me.ts';
import { Personal } from '../../components/personal/personal.tsx';
import { HousingPrice, type HousingItem, HousingStatusBadge, moveInDate } from './housing-list.tsx';

// A home's page: its facts, the safety box every housing page shows, and the contact that only
// members see (the server leaves it out of the shared page: content resource `membersOnly`, and
// fills it in per member: pages/member-fill.ts).

const yesNo = (v: number) => (v === YesNo.yes ? '예' : '아니오');

/** The page's heading: the home's kind and area, its title, who listed it and when. */
export function HousingHeader({ item, timeZone }: { item: HousingItem; timeZone: string }) {
  return (
    <header>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold whitespace-nowrap text-brand-800">
          {HousingKindLabel[item.kind] ?? ''}
        </span>
        {item.location ? <span>{item.location}</span> : null}
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight break-keep sm:text-3xl">{item.title}</h1>
      <MetaLine
        parts={[item.name, formatDate(item.date, timeZone), bumpDateTimeText(item, timeZone)]}
        counts={[
          ['조회', item.count],
          ['좋아요', item.like],
        ]}
      />
    </header>
  );
}

export function HousingFacts({ item }: { item: HousingItem }) {
  const facts: [string, string][] = [
    ...(item.kind === HousingKind.sale
      ? []
      : ([['보증금', item.deposit > 0 ? `$${formatMoney(item.deposit)}` : '없음']] as [string, string][])),
    ['입주', moveInDate(item.movein)],
    ...(item.lease > 0 ? ([['계약 기간', `${item.lease}개월`]] as [string, string][]) : []),
    ['방', `${item.bedrooms}개`],
    ['욕실', `${item.bathrooms}개`],
    ['가구 포함', yesNo(item.furnished)],
    ['공과금 포함', yesNo(item.utilities)],
    ['반려동물', yesNo(item.pets) === '예' ? '가능' : '불가'],
    ['주차', yesNo(item.parking) === '예' ? '가능' : '불가'],
    ['성별', HousingGenderLabel[item.gender] ?? ''],
    ['지역', item.location],
  ];
  return (
    <section aria-label="매물 정보" className="mt-3">
      <p className="flex flex-wrap items-center gap-3 text-xl">
        <HousingPrice item={item} />
        <HousingStatusBadge status={item.status} />
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {facts
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label} className="flex min-w-0 flex-wrap gap-x-2">
              <dt className="shrink-0 text-slate-500">{label}</dt>
              <dd className="font-medium whitespace-nowrap">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** PRODUCT.md: every housing page warns against the scams that hit newcomers hardest. */
export function SafetyBox() {
  return (
    <aside aria-label="안전 거래 안내" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
      <p className="font-semibold">보지 않은 집에 송금하지 마세요.</p>
      <p className="mt-1 text-sm">
        집을 직접 보고 계약서를 확인하기 전에는 보증금이나 월세를 보내지 마세요. 해외에 있다며 열쇠를 보내 준다는 집주인, 시세보다 크게 싼
        매물, Zelle·기프트카드 선입금 요구는 사기일 수 있습니다.
      </p>
    </aside>
  );
}

interface ContactProps {
  id: number;
  /** As the page's loader read them: empty in the shared copy (drawn for nobody), the member's
   * fill-in then says them (`me.membersOnly`). */
  address: string;
  tel: string;
  email: string;
  [key: string]: unknown;
}

/** The address and contact: for members; a visitor is asked to log in. A personal part
 * (components/personal): the page is one stored copy, and the server fills the contact in for
 * each member, never into the copy visitors get. */
export function HousingContact({ item }: { item: HousingItem }) {
  return (
    <Personal
      name="housing-contact"
      view={HousingContactView}
      props={{ id: item.id, address: item.address, tel: item.tel, email: item.email }}
    />
  );
}

export function HousingContactView({ me, id, ...loaded }: ContactProps & { me: Me | null }) {
  if (!me) {
    return (
      <p className="mt-4">
        <LoginLink next={`/housing/${id}`} className="font-semibold text-brand-700 underline">
          로그인하고 연락처 보기
        </LoginLink>
      </p>
    );
  }
  const { address, tel, email } = { ...loaded, ...membersOnlyOf(me, 'housing', id) };
  if (!address && !tel && !email) return null;
  return (
    <dl aria-label="연락처" className="mt-4 space-y-1">
      {address ? (
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-500">주소</dt>
          <dd>{address}</dd>
        </div>
      ) : null}
      {tel ? (
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-500">전화</dt>
          <dd>
            <PhoneLink phone={tel} />
          </dd>
        </div>
      ) : null}
      {email ? (
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-500">이메일</dt>
          <dd>
            <a href={`mailto:${email}`} className="break-all text-brand-700 underline">
              {email}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
