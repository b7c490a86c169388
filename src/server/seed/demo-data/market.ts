import type { DemoImageKey } from '../images.ts';
import type { Location } from './places.ts';
import type { PostTemplate } from './post-template.ts';

// The flea market: what neighbours sell or give away, with their pictures.

export interface MarketTemplate extends Omit<PostTemplate, 'image'> {
  /** 0 = 무료나눔. */
  price: number;
  /** One to four pictures, first one the list thumbnail. */
  images: DemoImageKey[];
  location: Location;
}

export const MARKET: MarketTemplate[] = [
  {
    category: '가구',
    title: '토런스 이사 가구 정리합니다',
    price: 150,
    images: ['sofa', 'desk', 'books', 'house'],
    location: '토런스',
    body: '<p>이사 가게 되어 가구 정리합니다. 3인용 소파와 책상, 책장까지 같이 가져가시면 150불에 드려요.</p><p>토런스 델아모 근처, 직접 픽업만 가능합니다.</p>',
  },
  {
    category: '전자제품',
    title: '삼성 55인치 TV 팝니다 (2022년형)',
    price: 320,
    images: ['tv'],
    location: 'LA',
    body: '<p>2022년형 삼성 55인치 4K TV입니다. 벽걸이 브래킷 포함, 리모컨 있어요.</p>',
  },
  {
    category: '자동차',
    title: '2017 도요타 캠리 개인 판매, 마일리지 6만',
    price: 14_500,
    images: ['car', 'landscape'],
    location: '어바인',
    body: '<ul><li>2017 캠리 SE, 62,000마일</li><li>무사고, 클린 타이틀</li><li>오일 교환 기록 있음</li></ul><p>시운전 가능합니다.</p>',
  },
  {
    category: '유아용품',
    title: '유모차 무료나눔해요',
    price: 0,
    images: ['stroller'],
    location: '풀러턴',
    body: '<p>아이가 커서 유모차 무료나눔합니다. 사용감은 있지만 잘 접히고 바퀴 튼튼해요. 풀러턴에서 가져가세요.</p>',
  },
  {
    category: '가구',
    title: '이케아 책상 + 의자 세트',
    price: 45.5,
    images: ['desk'],
    location: '글렌데일',
    body: '<p>1년 사용한 이케아 책상과 의자입니다. 분해해서 드릴 수 있어요.</p>',
  },
  {
    category: '주방용품',
    title: '쿠쿠 밥솥 10인용 거의 새것',
    price: 89.99,
    images: ['pot'],
    location: 'LA',
    body: '<p>선물 받았는데 집에 밥솥이 있어서 팝니다. 몇 번 안 썼어요. 박스 있습니다.</p>',
  },
  {
    category: '도서',
    title: '한국 소설책 20권 일괄 판매',
    price: 30,
    images: ['books'],
    location: '부에나파크',
    body: '<p>서울에서 가져온 한국 소설책 20권입니다. 상태 좋아요. 일괄로만 판매합니다.</p>',
  },
  {
    category: '의류',
    title: '아이 겨울 옷 무료로 드려요 (3-4세)',
    price: 0,
    images: ['shirt'],
    location: '가든그로브',
    body: '<p>3-4세 남아 겨울 옷 한 박스 무료로 드려요. 가든그로브 픽업입니다.</p>',
  },
  {
    category: '스포츠/레저',
    title: '로드 자전거 팝니다 (54사이즈)',
    price: 280,
    images: ['bicycle', 'landscape'],
    location: '어바인',
    body: '<p>주말에만 탄 로드 자전거입니다. 체인 교체한 지 한 달 됐어요. 헬멧 같이 드립니다.</p>',
  },
  {
    category: '가구',
    title: '2인용 패브릭 소파 팝니다',
    price: 120,
    images: ['sofa'],
    location: 'LA',
    body: '<p>2년 쓴 2인용 소파입니다. 이사 때문에 급하게 팝니다. LA 한인타운 픽업.</p>',
  },
  {
    category: '전자제품',
    title: '27인치 컴퓨터 모니터',
    price: 199.99,
    images: ['tv'],
    location: '풀러턴',
    body: '<p>재택근무용으로 쓰던 27인치 QHD 모니터입니다. 케이블 포함, 화면 깨끗해요.</p>',
  },
  {
    category: '주방용품',
    title: '김장용 대야와 김치통 세트',
    price: 35,
    images: ['pot', 'bowl'],
    location: '부에나파크',
    body: '<p>김장할 때 쓰던 대야와 김치통 6개입니다. 김치 담그실 분께 드려요. 부에나파크 픽업.</p>',
  },
  {
    category: '유아용품',
    title: '카시트와 아기 침대 같이 드려요',
    price: 60,
    images: ['stroller'],
    location: '토런스',
    body: '<p>카시트(유효기간 남음)와 아기 침대 같이 60불입니다.</p>',
  },
  {
    category: '도서',
    title: 'SAT 문제집, 학원 교재 정리합니다',
    price: 25,
    images: ['books'],
    location: '어바인',
    body: '<p>학원에서 쓰던 SAT 문제집 10권입니다. 필기 거의 없어요. 어바인 픽업.</p>',
  },
  {
    category: '생활용품',
    title: '이사 박스 30개 무료나눔 (LA 한인타운)',
    price: 0,
    images: ['books', 'house'],
    location: 'LA',
    body: '<p>이사 끝나고 남은 박스 30개 무료나눔합니다. 윌셔/웨스턴 근처입니다.</p>',
  },
  {
    category: '자동차',
    title: '2015 혼다 오딧세이 미니밴',
    price: 11_800,
    images: ['car'],
    location: '가든그로브',
    body: '<p>가족용으로 쓰던 오딧세이입니다. 98,000마일, 타이어 새것입니다.</p>',
  },
  {
    category: '의류',
    title: '패딩 점퍼 남성 L 사이즈',
    price: 55,
    images: ['shirt'],
    location: '글렌데일',
    body: '<p>한 시즌 입은 패딩입니다. 드라이클리닝 했어요.</p>',
  },
  {
    category: '가구',
    title: '사무용 책상 2개 (사무실 이전)',
    price: 80,
    images: ['desk', 'office'],
    location: 'LA',
    body: '<p>사무실 이전으로 책상 2개 정리합니다. 윌셔 사무실 건물에서 픽업하셔야 해요.</p>',
  },
  {
    category: '스포츠/레저',
    title: '아이 자전거 (16인치) 팝니다',
    price: 35,
    images: ['bicycle'],
    location: '토런스',
    body: '<p>보조 바퀴 포함 16인치 아이 자전거입니다.</p>',
  },
  {
    category: '주방용품',
    title: '한국 그릇 세트, 냄비 정리해요',
    price: 40,
    images: ['pot', 'bowl'],
    location: '토런스',
    body: '<p>한국에서 가져온 그릇 세트와 냄비 3개입니다. 토런스 픽업.</p>',
  },
];
