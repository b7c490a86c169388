import { HousingGender, HousingKind } from '#shared/enums.ts';
import type { DemoImageKey } from '../images.ts';
import type { Location } from './places.ts';

// Homes of every kind (렌트, 룸메이트/쉐어, 하숙, 단기/서블렛, 매매) as people in the area post them.

export interface HousingTemplate {
  kind: number;
  title: string;
  location: Location;
  about: string;
  /** Monthly rent, or the price of a sale. */
  money: number;
  deposit: number;
  bedrooms: number;
  bathrooms: number;
  furnished: boolean;
  utilities: boolean;
  pets: boolean;
  parking: boolean;
  gender?: number;
  lease?: number;
  /** Days from today to move in; none: 즉시. */
  moveInDays?: number;
  street: string;
  images: DemoImageKey[];
}

export const HOUSING: HousingTemplate[] = [
  {
    kind: HousingKind.rent,
    title: '코리아타운 1베드 아파트 렌트 (주차 1대 포함)',
    location: 'LA',
    about: '윌셔 길 가까운 조용한 아파트입니다. 세탁실이 건물 안에 있고 한인 마트까지 걸어서 5분입니다.',
    money: 2150,
    deposit: 2150,
    bedrooms: 1,
    bathrooms: 1,
    furnished: false,
    utilities: false,
    pets: false,
    parking: true,
    lease: 12,
    moveInDays: 14,
    street: '3600 Wilshire Blvd',
    images: ['house', 'sofa'],
  },
  {
    kind: HousingKind.share,
    title: '토런스 타운하우스 방 하나 쉐어합니다 (여성분)',
    location: '토런스',
    about: '직장인 여성 두 명이 사는 집입니다. 개인 욕실이 딸린 방이고 부엌과 거실을 같이 씁니다.',
    money: 950,
    deposit: 500,
    bedrooms: 1,
    bathrooms: 1,
    furnished: true,
    utilities: true,
    pets: false,
    parking: true,
    gender: HousingGender.female,
    moveInDays: 7,
    street: '2100 Artesia Blvd',
    images: ['house'],
  },
  {
    kind: HousingKind.boarding,
    title: '풀러턴 하숙 (아침·저녁 제공, 유학생 환영)',
    location: '풀러턴',
    about: 'CSUF까지 차로 10분입니다. 한식으로 아침과 저녁을 차려 드리고 빨래도 해 드립니다.',
    money: 1300,
    deposit: 0,
    bedrooms: 1,
    bathrooms: 0.5,
    furnished: true,
    utilities: true,
    pets: false,
    parking: false,
    gender: HousingGender.any,
    street: '1500 N Harbor Blvd',
    images: ['bowl'],
  },
  {
    kind: HousingKind.sublet,
    title: '어바인 스튜디오 3개월 서블렛 (가구 그대로)',
    location: '어바인',
    about: '한국 출장 기간 동안 집을 빌려 드립니다. 가구와 주방용품 모두 있어 몸만 오시면 됩니다.',
    money: 1750,
    deposit: 1000,
    bedrooms: 0,
    bathrooms: 1,
    furnished: true,
    utilities: true,
    pets: true,
    parking: true,
    lease: 3,
    moveInDays: 21,
    street: '4000 Barranca Pkwy',
    images: ['desk'],
  },
  {
    kind: HousingKind.sale,
    title: '가든그로브 3베드 2배스 단독주택 매매',
    location: '가든그로브',
    about: '2019년에 지붕과 부엌을 새로 했습니다. 뒷마당이 넓고 한인 교회와 학교가 가깝습니다.',
    money: 879000,
    deposit: 0,
    bedrooms: 3,
    bathrooms: 2,
    furnished: false,
    utilities: false,
    pets: true,
    parking: true,
    street: '12000 Brookhurst St',
    images: ['house', 'landscape'],
  },
  {
    kind: HousingKind.rent,
    title: '글렌데일 2베드 콘도 렌트 (반려동물 가능)',
    location: '글렌데일',
    about: '수영장과 헬스장이 있는 콘도입니다. 작은 강아지나 고양이는 함께 사셔도 됩니다.',
    money: 2890.5,
    deposit: 3000,
    bedrooms: 2,
    bathrooms: 2,
    furnished: false,
    utilities: false,
    pets: true,
    parking: true,
    lease: 12,
    street: '500 N Central Ave',
    images: ['landscape'],
  },
  {
    kind: HousingKind.share,
    title: 'LA 한인타운 룸메이트 구합니다 (남성, 직장인)',
    location: 'LA',
    about: '2베드 아파트의 방 하나입니다. 조용히 지내실 직장인 남성분을 찾습니다.',
    money: 1100,
    deposit: 600,
    bedrooms: 1,
    bathrooms: 1,
    furnished: false,
    utilities: true,
    pets: false,
    parking: false,
    gender: HousingGender.male,
    moveInDays: 30,
    street: '700 S Normandie Ave',
    images: ['sofa'],
  },
  {
    kind: HousingKind.sublet,
    title: '부에나파크 방 한 칸 여름 단기 렌트 (6~8월)',
    location: '부에나파크',
    about: '방학 동안 지낼 방을 찾는 학생분께 좋습니다. 주 단위도 상의 가능합니다.',
    money: 900,
    deposit: 300,
    bedrooms: 1,
    bathrooms: 1,
    furnished: true,
    utilities: true,
    pets: false,
    parking: true,
    gender: HousingGender.any,
    lease: 3,
    moveInDays: 45,
    street: '6000 Beach Blvd',
    images: ['books'],
  },
];
