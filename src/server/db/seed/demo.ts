import { reindexAll } from '#server/modules/search/search.service.ts';
import type { SectionTable } from '#shared/schemas/content.ts';
import crypto from 'node:crypto';
import { fakerKO as faker } from '@faker-js/faker';
import { type Insertable, sql } from 'kysely';
import {
  BoardFree,
  BoardLanguage,
  BoardStatus,
  BusinessMain,
  BusinessType,
  InquiryStatus,
  JobsStatus,
  JobsType,
  MarketStatus,
  TopCategory,
  UserLevel,
  UserUse,
} from '#shared/enums.ts';
import type { BoardTable, Executor } from '#server/db/database.ts';
import type { Deps } from '#server/context.ts';
import { todayIn } from '#shared/format.ts';
import { EMPTY_DATE } from '#server/lib/clock.ts';
import { hashPassword } from '#server/lib/password.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { nicknameKey } from '#server/modules/user/user.repository.ts';
import { createDemoImages, type DemoImageKey, type DemoImages } from './images.ts';

// PRODUCT.md run contract, SEED_DEMO: an empty database gets believable content for every
// section, so a new install (and a demo) shows what the site is for. Texts are hand-written
// Korean; faker (fixed seed) picks authors, prices, dates and reactions, so two runs give the
// same site apart from the dates, which follow today.

const DAY = 86_400_000;
/** Content dates spread over this many days before now. */
const SPAN_DAYS = 60;
const SEED = 20_240_601;
/** Only one server of several on one PostgreSQL seeds; the others see the content and stop. */
const SEED_LOCK = 7_311_042;

const LOCATIONS = ['LA', '토런스', '어바인', '풀러턴', '가든그로브', '부에나파크', '글렌데일'] as const;
type Location = (typeof LOCATIONS)[number];
const AREA_CODE: Record<Location, string> = {
  LA: '213',
  토런스: '310',
  어바인: '949',
  풀러턴: '714',
  가든그로브: '714',
  부에나파크: '714',
  글렌데일: '818',
};

// ---- Members -------------------------------------------------------------------------------

/** The first one is the editorial desk (level 2: news, organizations, FAQ, schedule). */
const MEMBER_NICKNAMES = [
  '한인포털편집부',
  '타운주민',
  '토런스맘',
  '어바인아빠',
  '풀러턴새내기',
  '가든그로브김사장',
  'LA새댁',
  '글렌데일직장인',
  '부에나파크이모',
  '윌셔러너',
];

interface Member {
  id: number;
  nickname: string;
}

// ---- Board sections ------------------------------------------------------------------------

interface NewsTemplate {
  category: string;
  title: string;
  body: string;
  en?: [title: string, body: string];
}

const NEWS: NewsTemplate[] = [
  {
    category: '이민',
    title: '영주권 문호 발표, 가족초청 순위 소폭 진전',
    body: '<p>국무부가 발표한 다음 달 영주권 문호에서 가족초청 2순위(F2A)가 소폭 진전됐다.</p><p>한인 이민 변호사들은 문호가 열린 신청자는 인터뷰 통보를 기다리는 동안 <strong>주소 변경 신고</strong>를 빠뜨리지 말라고 조언했다.</p>',
    en: [
      'Visa Bulletin: family-based F2A category advances slightly',
      "<p>Next month's visa bulletin shows a small advance for the F2A family category.</p><p>Korean American immigration attorneys advise applicants to keep their address up to date while they wait for an interview.</p>",
    ],
  },
  {
    category: '경제',
    title: 'LA 한인타운 원베드룸 렌트 평균 2,400달러 넘어',
    body: '<p>LA 한인타운 원베드룸 아파트의 평균 렌트가 처음으로 월 2,400달러를 넘어섰다는 조사 결과가 나왔다.</p><p>윌셔 길 주변 신축 건물이 평균을 끌어올렸고, 이사 철을 앞두고 세입자 부담은 더 커질 전망이다. 전문가들은 계약 전에 렌트 컨트롤 적용 여부를 확인하라고 권했다.</p>',
    en: [
      'Koreatown one-bedroom rents top $2,400 on average',
      "<p>The average rent for a one-bedroom apartment in LA's Koreatown has passed $2,400 a month for the first time.</p><p>New buildings along Wilshire Boulevard pushed the average up. Experts advise tenants to check whether rent control applies before signing.</p>",
    ],
  },
  {
    category: '사회',
    title: '한인타운 치안 강화, 윌셔·버몬트 일대 야간 순찰 확대',
    body: '<p>LAPD 올림픽 경찰서가 윌셔와 버몬트 일대의 야간 순찰을 늘리기로 했다.</p><p>최근 차량 절도와 상점 침입 신고가 잇따르자 한인 상인들이 대책을 요청한 데 따른 것이다. 경찰은 차 안에 귀중품을 두지 말 것을 당부했다.</p>',
    en: [
      'LAPD steps up night patrols around Wilshire and Vermont',
      '<p>The LAPD Olympic Division will add night patrols around Wilshire and Vermont after a series of car break-ins and burglaries reported by Korean American shop owners.</p>',
    ],
  },
  {
    category: '교육',
    title: 'LA 통합교육구, 한국어 이중언어 프로그램 3곳 추가',
    body: '<p>LA 통합교육구(LAUSD)가 내년 가을 학기부터 한국어 이중언어 프로그램을 초등학교 3곳에 추가로 개설한다.</p><ul><li>신청 기간: 다음 달 1일부터 한 달간</li><li>대상: 유치원(TK·K) 입학 예정 아동</li></ul><p>학부모 설명회는 한인타운 도서관에서 열린다.</p>',
    en: [
      'LAUSD adds three Korean dual-language programs',
      '<p>The Los Angeles Unified School District will open Korean dual-language programs at three more elementary schools next fall. Applications open on the first of next month.</p>',
    ],
  },
  {
    category: '문화',
    title: 'LA 한인축제 10월 개막, 서울 공연단 초청',
    body: '<p>올해 LA 한인축제가 10월 서울국제공원에서 나흘간 열린다. 서울에서 초청한 전통 공연단과 K-팝 무대가 준비됐다.</p><p>주최 측은 김치 담그기 체험과 한식 푸드코트를 늘려 가족 단위 방문객을 맞겠다고 밝혔다.</p>',
    en: [
      'LA Korean Festival opens in October with performers from Seoul',
      '<p>The LA Korean Festival runs for four days in October, with a traditional troupe invited from Seoul, K-pop stages and a kimchi-making booth for families.</p>',
    ],
  },
  {
    category: '스포츠',
    title: '다저스 한인의 밤, 올해도 예매 시작 하루 만에 매진',
    body: '<p>다저스타디움에서 열리는 한인의 밤 행사 티켓이 예매 시작 하루 만에 모두 팔렸다.</p><p>경기 전에는 한인 청소년 합창단이 애국가와 미국 국가를 부르고, 한인 단체들이 시구에 참여한다.</p>',
    en: [
      "Dodgers' Korean Heritage Night sells out in a day",
      '<p>Tickets for Korean Heritage Night at Dodger Stadium sold out within a day. A Korean American youth choir will sing both anthems before the game.</p>',
    ],
  },
  {
    category: '정치',
    title: 'LA 시의회, 한인타운 주차난 해소 조례안 발의',
    body: '<p>LA 시의회에 한인타운 주차난 해소를 위한 조례안이 발의됐다. 공영 주차장 확대와 야간 거주자 우선 주차가 주요 내용이다.</p><p>한인 상인회는 식당가 손님들의 불편이 줄어들 것이라며 환영했다.</p>',
    en: [
      'City Council motion targets Koreatown parking shortage',
      '<p>A Los Angeles City Council motion proposes more public parking and overnight resident permits in Koreatown. Local restaurant owners welcomed the plan.</p>',
    ],
  },
  {
    category: '경제',
    title: '한국 라면·김치 수출 역대 최고, 남가주 마트 매출도 증가',
    body: '<p>한국산 라면과 김치 수출이 올해 상반기 역대 최고치를 기록했다. 남가주 한인 마트들도 비한인 고객이 늘면서 매출이 증가했다고 밝혔다.</p><p>업계는 한식 인기가 이어지면서 포장 김치 제품군을 더 늘릴 계획이다.</p>',
    en: [
      'Korean ramen and kimchi exports hit a record; SoCal markets gain too',
      '<p>Exports of Korean ramen and kimchi reached a record in the first half of the year, and Korean markets in Southern California report more non-Korean shoppers.</p>',
    ],
  },
  {
    category: '이민',
    title: '시민권 시험 무료 준비반, 한인회관에서 다음 달 개강',
    body: '<p>시민권 인터뷰를 앞둔 한인을 위한 무료 준비반이 다음 달 한인회관에서 문을 연다.</p><ul><li>매주 화·목 오전 10시</li><li>미국 역사·정부 100문항과 영어 인터뷰 연습</li></ul><p>등록은 전화로 받는다.</p>',
    en: [
      'Free citizenship test class opens at the Korean community center',
      '<p>A free class for Korean Americans preparing for the naturalization interview starts next month, twice a week, covering the civics questions and English interview practice.</p>',
    ],
  },
  {
    category: '사회',
    title: '폭염 경보 발령, 한인타운 무더위 쉼터 운영',
    body: '<p>남가주 내륙 지역에 폭염 경보가 내려졌다. LA 시는 한인타운 시니어센터 등을 무더위 쉼터로 운영한다.</p><p>노약자는 한낮 외출을 피하고 물을 자주 마셔야 한다.</p>',
    en: [
      'Heat warning: cooling centers open in Koreatown',
      '<p>With an excessive heat warning in effect, the city is opening cooling centers, including the Koreatown senior center. Older residents should avoid going out at midday.</p>',
    ],
  },
  {
    category: '교육',
    title: 'UC 지원 마감 앞두고 한인 학생 대상 무료 입시 설명회',
    body: '<p>UC 입학 지원 마감을 앞두고 한인 학부모와 학생을 위한 무료 입시 설명회가 열린다.</p><p>현직 학원 강사와 대학 입학사정관 출신 강사가 에세이 작성법과 과외활동 정리법을 설명한다.</p>',
  },
  {
    category: '문화',
    title: '한국 영화 특별전, 한국문화원에서 2주간 무료 상영',
    body: '<p>LA 한국문화원이 최근 화제작 여섯 편을 모은 한국 영화 특별전을 연다. 모든 상영은 무료이며 영어 자막이 제공된다.</p>',
  },
  {
    category: '경제',
    title: '원·달러 환율 1,380원대, 한국 송금 시점 고민하는 한인들',
    body: '<p>원·달러 환율이 1,380원대에서 움직이면서 한국으로 송금하려는 한인들의 고민이 깊어지고 있다.</p><p>은행 관계자들은 큰 금액은 나눠서 보내는 것이 위험을 줄이는 방법이라고 조언했다.</p>',
  },
  {
    category: '사회',
    title: '한인 시니어 아파트 대기자 명단 3년 만에 재개방',
    body: '<p>한인타운의 시니어 아파트가 3년 만에 대기자 명단 신청을 다시 받는다. 62세 이상 저소득 시니어가 대상이다.</p><p>신청서는 한국어로도 제공되며, 한인 봉사 단체가 작성을 돕는다.</p>',
  },
  {
    category: '정치',
    title: '재외선거 유권자 등록 시작, 총영사관 안내',
    body: '<p>LA 총영사관이 재외선거 유권자 등록 신청을 받는다. 온라인 또는 총영사관 방문으로 신청할 수 있다.</p><p>영주권자도 국내 거소신고가 없으면 재외선거인으로 등록해야 한다.</p>',
  },
  {
    category: '스포츠',
    title: 'LAFC 한국 선수 멀티골, 한인 팬들 환호',
    body: '<p>LAFC의 한국 선수가 홈 경기에서 두 골을 넣으며 팀 승리를 이끌었다. 경기장을 찾은 한인 팬들은 태극기를 흔들며 환호했다.</p>',
  },
  {
    category: '이민',
    title: 'H-1B 추첨 결과 통보 시작, 한인 유학생들 희비',
    body: '<p>올해 H-1B 취업비자 추첨 결과 통보가 시작됐다. 선발되지 않은 유학생들은 OPT 연장이나 대학원 진학을 검토하고 있다.</p>',
  },
  {
    category: '경제',
    title: '최저임금 인상에 한인타운 식당들 메뉴 가격 조정',
    body: '<p>LA 시 최저임금 인상을 앞두고 한인타운 식당들이 메뉴 가격을 잇달아 올리고 있다.</p><p>설렁탕과 김치찌개 등 대표 메뉴가 1~2달러씩 오를 전망이다.</p>',
  },
  {
    category: '교육',
    title: '여름방학 한국어 캠프, 학원·교회 곳곳에서 등록 시작',
    body: '<p>여름방학을 앞두고 한인 학원과 교회들이 한국어 캠프 등록을 받고 있다. 전통 놀이와 한국 음식 만들기 등 체험 활동이 많다.</p>',
  },
  {
    category: '문화',
    title: '서울 길거리 음식 축제, 이번 주말 한인타운 광장에서',
    body: '<p>떡볶이, 호떡, 어묵 등 서울 길거리 음식을 맛볼 수 있는 축제가 이번 주말 한인타운 광장에서 열린다. 한인타운 맛집 20여 곳이 참여한다.</p>',
  },
];

interface PostTemplate {
  category: string;
  title: string;
  body: string;
  image?: DemoImageKey;
  location?: Location;
}

const LIFE: PostTemplate[] = [
  {
    category: '부동산',
    title: 'LA 한인타운 아파트 렌트 정보 공유합니다',
    location: 'LA',
    body: '<p>한인타운에서 아파트를 세 번 옮기며 알게 된 렌트 정보입니다.</p><ul><li>보증금은 보통 한 달 렌트</li><li>1978년 이전 건물은 렌트 컨트롤 대상인지 확인</li><li>주차 자리는 따로 월 100달러 정도</li></ul><p>이사 전에 수압이랑 에어컨 꼭 확인하세요.</p>',
    image: 'house',
  },
  {
    category: '생활팁',
    title: 'LA에서 서울로 이사, 해운 이삿짐 후기',
    location: 'LA',
    body: '<p>한국으로 귀국 이사하면서 해운 이삿짐을 보냈어요. 20피트 컨테이너 반 정도였고 도착까지 6주 걸렸습니다.</p><p><strong>팁:</strong> 가전은 전압이 달라서 대부분 정리하고 가는 게 낫습니다.</p>',
  },
  {
    category: '자동차',
    title: '캘리포니아 운전면허 필기시험 한국어로 보는 법',
    body: '<p>DMV 필기시험은 한국어로 볼 수 있습니다. 예약할 때 언어를 한국어로 선택하면 돼요.</p><ul><li>온라인 예약 후 방문</li><li>시력 검사와 사진 촬영</li><li>필기 36문항 중 30문항 이상 맞으면 합격</li></ul>',
    image: 'car',
  },
  {
    category: '건강',
    title: '보험 없이 갈 수 있는 한인타운 저렴한 병원 정리',
    location: 'LA',
    body: '<p>보험이 없을 때 갈 수 있는 커뮤니티 클리닉들이 있어요. 소득에 따라 진료비가 달라지고 한국어 통역도 됩니다.</p><p>예약이 밀리니 병원에 미리 전화해 보세요.</p>',
    image: 'clinic',
  },
  {
    category: '세금',
    title: '처음 하는 미국 세금 보고, 꼭 챙겨야 할 서류',
    body: '<h3>준비 서류</h3><ul><li>W-2 또는 1099</li><li>한국 계좌 잔액 (FBAR 대상인지 확인)</li><li>학비, 의료비 영수증</li></ul><p>한국 계좌 합계가 1만 달러를 넘으면 FBAR 신고 대상입니다.</p>',
  },
  {
    category: '법률',
    title: '렌트 계약 전에 꼭 확인할 세입자 권리',
    body: '<p>캘리포니아 세입자는 생각보다 많은 보호를 받습니다.</p><ul><li>보증금은 이사 후 21일 안에 돌려받아야 함</li><li>집주인은 24시간 전 통지 없이 들어올 수 없음</li><li>렌트 인상은 법정 상한이 있음</li></ul>',
  },
  {
    category: '생활팁',
    title: '코스트코와 한인마트 김치 가격 비교해 봤어요',
    body: '<p>같은 무게로 비교하면 한인마트 세일 때가 더 쌌어요. 맛은 한인마트 포기김치가 훨씬 낫고요.</p><p>김치 좋아하시는 분들은 마트 주간 세일 전단 확인해 보세요.</p>',
    image: 'cart',
  },
  {
    category: '자동차',
    title: '자동차 보험료 아끼는 방법 (경험담)',
    body: '<p>보험 갱신 때 세 군데 견적을 받아서 1년에 400달러 아꼈습니다.</p><ul><li>주행거리 적으면 꼭 알리기</li><li>자동차·주택 보험 묶기</li><li>디덕터블 조정</li></ul>',
  },
  {
    category: '부동산',
    title: '어바인 첫 집 구매 후기, 에스크로 체크리스트',
    location: '어바인',
    body: '<p>어바인에서 첫 집을 샀습니다. 에스크로 30일 동안 챙긴 것들 정리해요.</p><ul><li>인스펙션은 꼭 지붕까지</li><li>HOA 서류 꼼꼼히 읽기</li><li>클로징 비용 미리 계산</li></ul>',
    image: 'house',
  },
  {
    category: '건강',
    title: '한인타운 한의원·치과 이용할 때 알아두면 좋은 점',
    location: 'LA',
    body: '<p>한의원은 보험 적용이 안 되는 경우가 많으니 미리 물어보세요. 치과는 정기 검진이 보험에 포함된 경우가 많습니다.</p>',
  },
  {
    category: '세금',
    title: '재산세 납부 기한과 분할 납부 방법',
    body: '<p>LA 카운티 재산세는 1차 11월 1일, 2차 2월 1일이 기준일입니다. 연체되면 10% 벌금이 붙으니 주의하세요.</p>',
  },
  {
    category: '생활팁',
    title: '아이 학원 고를 때 체크리스트 (풀러턴 기준)',
    location: '풀러턴',
    body: '<p>풀러턴에서 학원 세 곳을 상담해 보고 정리한 기준입니다.</p><ul><li>반 인원</li><li>숙제 관리 방식</li><li>학부모 상담 주기</li></ul>',
    image: 'pencil',
  },
  {
    category: '법률',
    title: '교통 티켓 받았을 때 법원 가기 전에 할 일',
    body: '<p>티켓을 받았다면 트래픽 스쿨로 벌점을 없앨 수 있는지 먼저 확인하세요. 온라인으로 기한 연장도 됩니다.</p>',
  },
  {
    category: '생활팁',
    title: 'DMV 예약 빨리 잡는 팁',
    body: '<p>평일 아침 8시에 온라인 예약 페이지를 열면 취소된 자리가 자주 나옵니다. 토런스나 글렌데일 지점이 비교적 빨라요.</p>',
  },
  {
    category: '건강',
    title: '여름철 식중독 예방, 김치 보관법',
    body: '<p>더운 날에는 김치가 빨리 시어요. 작은 통에 나눠 담고 김치냉장고 온도를 조금 낮추면 오래갑니다.</p>',
  },
];

interface MarketTemplate extends Omit<PostTemplate, 'image'> {
  /** 0 = 무료나눔. */
  price: number;
  /** One to four pictures, first one the list thumbnail. */
  images: DemoImageKey[];
  location: Location;
}

const MARKET: MarketTemplate[] = [
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

const COMMUNITY: PostTemplate[] = [
  {
    category: '맛집',
    title: '한인타운 김치찌개 맛집 추천해 주세요',
    body: '<p>서울에서 먹던 그 김치찌개 맛이 그리워요. 한인타운에 묵은지 김치찌개 잘하는 식당 있을까요?</p>',
    image: 'bowl',
  },
  {
    category: '맛집',
    title: '서울에서 먹던 맛 그대로, 올림픽가 순두부집 후기',
    body: '<p>어제 올림픽가 순두부집 다녀왔어요. 해물 순두부가 서울에서 먹던 맛이랑 정말 비슷합니다. 점심에는 줄이 좀 있어요.</p>',
    image: 'bowl',
  },
  {
    category: '질문답변',
    title: 'LA 처음 왔는데 크레딧 없이 렌트 구할 수 있나요?',
    body: '<p>한국에서 온 지 한 달 됐습니다. 크레딧 기록이 없어서 아파트 렌트 신청이 자꾸 거절돼요. 보증금을 더 내면 되는 건지 궁금합니다.</p>',
  },
  {
    category: '모임',
    title: '토요일 아침 그리피스 공원 등산 모임 멤버 모집',
    body: '<p>매주 토요일 아침 7시에 그리피스 공원에서 같이 걸어요. 초보도 환영합니다. 끝나고 한인타운에서 같이 아침 먹어요.</p>',
    image: 'people',
  },
  {
    category: '육아',
    title: '토런스 한국어 가능한 소아과 병원 추천 부탁드려요',
    body: '<p>이번에 토런스로 이사 왔어요. 아이가 아직 영어가 서툴러서 한국어 가능한 소아과 병원을 찾고 있습니다.</p>',
  },
  {
    category: '자유게시판',
    title: 'LA 온 지 1년, 그동안 느낀 점',
    body: '<p>LA에 온 지 딱 1년이 됐네요. 운전, 렌트, 병원 예약까지 처음엔 다 어려웠는데 이 게시판 덕분에 많이 배웠습니다. 다들 감사해요.</p>',
    image: 'landscape',
  },
  {
    category: '육아',
    title: '어바인 초등학생 수학 학원 어디 보내세요?',
    body: '<p>초등 4학년 아이 수학 학원을 알아보고 있어요. 어바인에서 숙제 관리 잘해 주는 학원 추천 부탁드립니다.</p>',
  },
  {
    category: '질문답변',
    title: '한국 운전면허를 캘리포니아 면허로 바꿀 수 있나요?',
    body: '<p>한국 면허가 있는데 캘리포니아에서 바로 교환이 되는지 궁금합니다. 필기시험은 봐야 하나요?</p>',
  },
  {
    category: '모임',
    title: '풀러턴 한인 테니스 동호회 회원 모집',
    body: '<p>풀러턴 공원 코트에서 매주 일요일 오후에 칩니다. 구력 1년 이상이면 누구나 환영합니다.</p>',
    image: 'people',
  },
  {
    category: '맛집',
    title: '가든그로브 갈비집 새로 생긴 곳 가보신 분?',
    body: '<p>가든그로브 블러바드에 새 갈비집이 생겼던데 가보신 분 계세요? 양념갈비가 궁금합니다.</p>',
  },
  {
    category: '자유게시판',
    title: '한인마트 김치 세일 정보 공유',
    body: '<p>이번 주 한인마트 포기김치가 세일이에요. 김장하기 힘드신 분들은 이번에 사 두세요.</p>',
    image: 'cart',
  },
  {
    category: '질문답변',
    title: '이사 업체 추천해 주세요 (LA에서 어바인으로)',
    body: '<p>다음 달에 LA에서 어바인으로 이사합니다. 투베드 짐인데 믿을 만한 한인 이사 업체 있을까요?</p>',
  },
  {
    category: '육아',
    title: '주말 한글학교 보내시는 분들 후기 궁금해요',
    body: '<p>아이가 한국어를 잊어버릴까 봐 토요 한글학교를 알아보고 있어요. 보내 보신 분들 어떠셨나요?</p>',
  },
  {
    category: '모임',
    title: '글렌데일 독서 모임, 이번 달 책은 한강 작가',
    body: '<p>한 달에 한 번 글렌데일 카페에서 만나는 독서 모임입니다. 이번 달은 한강 작가의 소설을 읽어요.</p>',
  },
  {
    category: '자유게시판',
    title: '오늘 한인타운 하늘 너무 예쁘네요',
    body: '<p>퇴근길에 윌셔에서 본 노을이 정말 예뻤어요. 다들 오늘 하루도 수고 많으셨습니다.</p>',
    image: 'landscape',
  },
  {
    category: '맛집',
    title: '부에나파크 치킨집 솔직 후기',
    body: '<p>부에나파크 한인 치킨집 세 곳을 다 가봤어요. 양념은 두 번째 집, 후라이드는 첫 번째 집이 맛있습니다.</p>',
  },
  {
    category: '질문답변',
    title: '병원 예약할 때 통역 서비스 요청할 수 있나요?',
    body: '<p>부모님 병원 예약을 하려는데 한국어 통역을 요청할 수 있는지 궁금합니다.</p>',
  },
  {
    category: '육아',
    title: '아기 돌잔치 장소 추천 부탁드려요 (LA 근처)',
    body: '<p>다음 달 아기 돌잔치를 하려고 해요. 30명 정도 들어가는 한식당이나 연회장 추천해 주세요.</p>',
  },
  {
    category: '모임',
    title: '40대 직장인 주말 골프 모임',
    body: '<p>주말 아침에 같이 라운딩할 40대 직장인 모집합니다. 핸디 상관없어요.</p>',
  },
  {
    category: '자유게시판',
    title: '서울 다녀왔는데 물가가 많이 올랐네요',
    body: '<p>3년 만에 서울 다녀왔어요. 커피값이랑 식당 가격이 LA랑 비슷해진 느낌입니다.</p>',
  },
  {
    category: '맛집',
    title: '비 오는 날 생각나는 칼국수집',
    body: '<p>비 오는 날엔 역시 칼국수죠. 6가에 있는 칼국수집 바지락 칼국수 추천합니다. 김치가 정말 맛있어요.</p>',
    image: 'bowl',
  },
  {
    category: '질문답변',
    title: '세금 보고 한인 회계사 추천 부탁드립니다',
    body: '<p>자영업 첫해라 세금 보고가 걱정입니다. 한인타운 회계사무소 추천 부탁드려요.</p>',
  },
  {
    category: '육아',
    title: '여름방학 아이들 데리고 갈 만한 곳',
    body: '<p>초등학생 둘 데리고 갈 만한 곳 추천해 주세요. 박물관이나 바닷가 좋아합니다.</p>',
  },
  {
    category: '자유게시판',
    title: '한인 교회 바자회 다녀왔어요',
    body: '<p>주말에 교회 바자회 다녀왔는데 김치, 반찬, 떡까지 다 있었어요. 수익금은 장학금으로 쓰인대요.</p>',
  },
  {
    category: '모임',
    title: '어바인 엄마들 커피 모임 (목요일 오전)',
    body: '<p>아이들 학교 보내고 목요일 오전에 커피 한잔해요. 어바인 스펙트럼 근처 카페입니다.</p>',
    image: 'cup',
  },
];

const ORGANIZATIONS: PostTemplate[] = [
  {
    category: '한인회',
    title: 'LA 한인회',
    location: 'LA',
    body: '<p>LA 지역 한인 사회를 대표하는 단체입니다.</p><h3>주요 활동</h3><ul><li>민원·법률 상담</li><li>한인축제 공동 주최</li><li>시니어·청소년 지원</li></ul><p>전화 (213) 555-0101, 평일 오전 9시 ~ 오후 5시</p>',
  },
  {
    category: '한인회',
    title: '오렌지카운티 한인회',
    location: '가든그로브',
    body: '<p>가든그로브, 풀러턴, 어바인 등 오렌지카운티 한인을 위한 단체입니다. 매달 무료 세금·이민 상담을 엽니다.</p><p>전화 (714) 555-0102</p>',
  },
  {
    category: '종교',
    title: '윌셔 한인연합교회',
    location: 'LA',
    body: '<p>한인타운 윌셔에 있는 교회입니다. 주일 예배는 오전 9시, 11시(한국어), 오후 1시(영어)입니다.</p><p>매년 가을 바자회 수익금으로 장학금을 지급합니다.</p>',
  },
  {
    category: '종교',
    title: 'LA 한마음 불교회관',
    location: 'LA',
    body: '<p>매주 일요일 오전 10시 정기 법회가 있습니다. 템플스테이와 명상 교실도 운영합니다.</p>',
  },
  {
    category: '교육',
    title: '토요 한국학교 (어바인 캠퍼스)',
    location: '어바인',
    body: '<p>유치부부터 고등부까지 한국어와 한국 문화를 가르칩니다.</p><ul><li>매주 토요일 오전 9시 ~ 12시</li><li>봄·가을 학기 등록</li></ul>',
  },
  {
    category: '봉사',
    title: '한인 시니어 돌봄 봉사회',
    location: 'LA',
    body: '<p>혼자 사시는 한인 어르신을 찾아가 말벗이 되어 드리고 병원 동행을 돕습니다. 봉사자는 언제든 환영합니다.</p>',
  },
  {
    category: '문화',
    title: '남가주 한인 합창단',
    location: '부에나파크',
    body: '<p>30년 전통의 한인 합창단입니다. 정기 연주회는 매년 12월에 열립니다. 매주 화요일 저녁 연습, 단원 모집 중입니다.</p>',
  },
  {
    category: '교육',
    title: '한인 장학재단',
    location: 'LA',
    body: '<p>남가주 한인 고등학생과 대학생에게 장학금을 지급합니다. 신청 기간은 매년 3월입니다.</p>',
  },
];

const FAQ: PostTemplate[] = [
  {
    category: '회원',
    title: '회원가입은 어떻게 하나요?',
    body: '<p>오른쪽 위 <strong>로그인</strong>을 누르고 <strong>회원가입</strong> 탭에서 이메일 인증 후 가입할 수 있습니다.</p>',
  },
  {
    category: '회원',
    title: '비밀번호를 잊어버렸어요.',
    body: '<p>로그인 창의 <strong>비밀번호 찾기</strong>에서 가입한 이메일로 인증번호를 받아 새 비밀번호를 정할 수 있습니다.</p>',
  },
  {
    category: '회원',
    title: '닉네임을 바꿀 수 있나요?',
    body: '<p>마이페이지의 내 정보에서 바꿀 수 있습니다. 다른 회원이 쓰는 닉네임은 쓸 수 없습니다.</p>',
  },
  {
    category: '게시판',
    title: '글을 수정하거나 삭제하려면 어떻게 하나요?',
    body: '<p>내가 쓴 글의 상세 화면에서 <strong>수정</strong> 또는 <strong>삭제</strong> 버튼을 누르세요.</p>',
  },
  {
    category: '게시판',
    title: '벼룩시장 거래 시 주의할 점이 있나요?',
    body: '<ul><li>직접 만나서 물건을 확인한 뒤 거래하세요.</li><li>선입금 요구는 사기일 수 있습니다.</li><li>사람이 많은 곳에서 만나세요.</li></ul>',
  },
  {
    category: '게시판',
    title: '사진은 몇 장까지 올릴 수 있나요?',
    body: '<p>글 하나에 사진 10장까지, 한 장에 10MB까지 올릴 수 있습니다.</p>',
  },
  {
    category: '광고',
    title: '업소록에 우리 가게를 등록하고 싶어요.',
    body: '<p>회원이면 누구나 업소록에 가게를 등록할 수 있습니다. 영업시간을 입력하면 영업중 표시가 자동으로 나옵니다.</p>',
  },
  {
    category: '광고',
    title: '프리미엄 업소와 메인 노출은 무엇인가요?',
    body: '<p>프리미엄 업소는 업소록 목록 맨 위에, 메인 노출 업소는 첫 화면에 보입니다. 고객센터 1:1 문의로 신청해 주세요.</p>',
  },
  {
    category: '기타',
    title: '회원 탈퇴는 어떻게 하나요?',
    body: '<p>마이페이지의 내 정보 맨 아래 <strong>회원 탈퇴</strong>를 누르세요.</p>',
  },
  {
    category: '기타',
    title: '부적절한 게시물을 신고하고 싶어요.',
    body: '<p>고객센터 1:1 문의에 게시물 주소와 함께 남겨 주시면 확인 후 조치합니다.</p>',
  },
];

// Reactions: what people write under a post, by community category or else by section, and
// what the author answers.
const COMMENTS: Record<string, string[]> = {
  [TopCategory.news]: ['좋은 소식이네요.', '자세한 기사 감사합니다.', '한인 사회에 도움이 되겠어요.', '주변에도 알려야겠네요.'],
  [TopCategory.life]: ['유용한 정보 감사합니다!', '저장해 둘게요.', '덕분에 많이 배웠어요.', '저도 같은 경험 했어요.'],
  [TopCategory.market]: ['아직 판매 중인가요?', '토요일 오후에 픽업 가능할까요?', '가격 조금 조정 가능할까요?', '사진 더 볼 수 있을까요?'],
  맛집: [
    '거기 김치찌개 진짜 맛있어요.',
    '주차는 어떻게 하셨어요?',
    '주말에 가 봐야겠네요 😊',
    '웨이팅 길지 않았나요?',
    '저도 거기 단골이에요!',
  ],
  질문답변: [
    '저도 궁금했어요!',
    '전화로 물어보니 금방 해결됐어요.',
    '한인회에 먼저 문의해 보세요.',
    '작년에 해 봤는데 생각보다 간단했어요.',
  ],
  모임: ['참여하고 싶어요. 쪽지 드릴게요.', '초보도 괜찮을까요?', '시간 맞으면 꼭 갈게요!', '좋은 모임이네요 👍'],
  육아: [
    '저희 아이도 거기 다녀요. 선생님들 친절해요.',
    '정보 감사합니다, 큰 도움 됐어요.',
    '저도 추천 부탁드려요~',
    '같은 고민 중이었어요.',
  ],
  자유게시판: ['공감합니다 ㅎㅎ', '좋은 글 감사합니다.', '저도 그렇게 느꼈어요.', '오늘도 수고 많으셨어요!'],
};
const AUTHOR_REPLIES: Record<string, string[]> = {
  [TopCategory.market]: ['네, 아직 있어요!', '네, 가능합니다. 쪽지 주세요.', '주말 픽업 가능합니다.'],
  질문답변: ['답변 감사해요!', '네, 참고할게요.', '감사합니다 😊'],
  모임: ['네, 쪽지 드릴게요!', '물론이죠, 환영합니다.'],
  default: ['감사합니다 😊', '읽어 주셔서 감사해요.'],
};
const OTHER_REPLIES = ['저도요!', '저도 궁금합니다.', '좋은 정보네요.'];
/** Per section: how many top-level comments and likes a post gets at most, and its views. */
const REACTIONS: Record<number, { comments: number; likes: number; views: [number, number] }> = {
  [TopCategory.news]: { comments: 2, likes: 6, views: [80, 2500] },
  [TopCategory.life]: { comments: 3, likes: 6, views: [40, 1200] },
  [TopCategory.market]: { comments: 3, likes: 3, views: [15, 600] },
  [TopCategory.community]: { comments: 6, likes: 8, views: [10, 900] },
  [TopCategory.organizations]: { comments: 0, likes: 3, views: [30, 500] },
  [TopCategory.customer]: { comments: 0, likes: 0, views: [50, 1500] },
};

// ---- Jobs ----------------------------------------------------------------------------------

interface JobTemplate {
  type: number;
  title: string;
  category: string;
  employmenttype: string;
  location: Location;
  companyname?: string;
  /** What the work is (recruit) or who is looking (seeking). */
  about: string;
  pay: string;
}

const JOBS: JobTemplate[] = [
  {
    type: JobsType.recruit,
    title: '한식당 주방 보조 구합니다 (경력 우대)',
    companyname: '서울옥 설렁탕',
    category: '요식업',
    employmenttype: '파트타임',
    location: 'LA',
    about: '주방 재료 손질, 김치·반찬 준비, 설거지',
    pay: '시급 $18 이상 (경력에 따라 협의)',
  },
  {
    type: JobsType.recruit,
    title: '한인 회계사무소 사무직 (QuickBooks 가능자)',
    companyname: '박앤김 CPA',
    category: '사무직',
    employmenttype: '정규직',
    location: 'LA',
    about: '장부 정리, 고객 응대, 세금 보고 서류 준비',
    pay: '연봉 $48,000 ~ $55,000, 의료보험',
  },
  {
    type: JobsType.recruit,
    title: '물류 창고 지게차 운전원 모집',
    companyname: '퍼시픽 로지스틱스',
    category: '물류/운송',
    employmenttype: '정규직',
    location: '토런스',
    about: '입출고 작업, 지게차 운전, 재고 관리',
    pay: '시급 $21, 오버타임 있음',
  },
  {
    type: JobsType.recruit,
    title: '치과 리셉셔니스트 (한/영 가능)',
    companyname: '미소 치과',
    category: '의료',
    employmenttype: '정규직',
    location: '어바인',
    about: '예약 관리, 보험 확인, 환자 안내',
    pay: '시급 $20 ~ $24',
  },
  {
    type: JobsType.recruit,
    title: '카페 바리스타 주말 파트타임',
    companyname: '카페 봄날',
    category: '요식업',
    employmenttype: '파트타임',
    location: '풀러턴',
    about: '음료 제조, 매장 정리, 베이커리 진열',
    pay: '시급 $17.50 + 팁',
  },
  {
    type: JobsType.recruit,
    title: '한인마트 캐셔 및 진열 직원',
    companyname: '코리아 마트 가든그로브점',
    category: '판매/서비스',
    employmenttype: '정규직',
    location: '가든그로브',
    about: '계산, 상품 진열, 재고 확인',
    pay: '시급 $17, 직원 할인',
  },
  {
    type: JobsType.recruit,
    title: '무역회사 마케팅 인턴 (여름 3개월)',
    companyname: '한미 트레이딩',
    category: '사무직',
    employmenttype: '인턴',
    location: 'LA',
    about: 'SNS 마케팅, 시장 조사, 한국 본사와 자료 번역',
    pay: '월 $2,400',
  },
  {
    type: JobsType.recruit,
    title: '웹 개발자 (React/Node) 채용',
    companyname: '케이웨이브 소프트',
    category: 'IT',
    employmenttype: '정규직',
    location: '어바인',
    about: '자사 쇼핑몰 프론트엔드와 API 개발',
    pay: '연봉 $95,000 ~ $120,000, 재택 주 2일',
  },
  {
    type: JobsType.recruit,
    title: '학원 수학 강사 (SAT/AP)',
    companyname: '한빛 학원',
    category: '교육',
    employmenttype: '파트타임',
    location: '풀러턴',
    about: '고등학생 SAT 수학, AP 미적분 수업',
    pay: '시간당 $35 ~ $50',
  },
  {
    type: JobsType.recruit,
    title: '미용실 헤어 디자이너 모집',
    companyname: '헤어살롱 미',
    category: '미용',
    employmenttype: '정규직',
    location: 'LA',
    about: '커트, 펌, 염색 (라이선스 필수)',
    pay: '커미션 50% 또는 협의',
  },
  {
    type: JobsType.recruit,
    title: '부동산 사무실 어시스턴트',
    companyname: '타운 부동산',
    category: '사무직',
    employmenttype: '계약직',
    location: 'LA',
    about: '렌트·매매 서류 정리, 고객 일정 관리',
    pay: '시급 $20 (6개월 계약 후 정규직 전환 가능)',
  },
  {
    type: JobsType.recruit,
    title: '보험 에이전트 (라이선스 취득 지원)',
    companyname: 'LA 하나 보험',
    category: '영업',
    employmenttype: '정규직',
    location: '부에나파크',
    about: '자동차·주택 보험 상담과 판매',
    pay: '기본급 + 커미션',
  },
  {
    type: JobsType.recruit,
    title: '한의원 접수 및 보조 (파트타임)',
    companyname: '동의 한의원',
    category: '의료',
    employmenttype: '파트타임',
    location: '글렌데일',
    about: '환자 접수, 진료 보조, 약재 정리',
    pay: '시급 $18',
  },
  {
    type: JobsType.recruit,
    title: '식자재 배송 드라이버 (자차 필수)',
    companyname: '서울 푸드 서비스',
    category: '물류/운송',
    employmenttype: '계약직',
    location: 'LA',
    about: '한인타운 식당 식자재 배송',
    pay: '건당 지급, 주 $1,200 이상 가능',
  },
  {
    type: JobsType.seeking,
    title: '주방 경력 10년, 한식 조리 일자리 찾습니다',
    category: '요식업',
    employmenttype: '정규직',
    location: 'LA',
    about: '서울과 LA에서 한식당 주방 경력 10년입니다. 찌개, 탕, 반찬 모두 가능합니다.',
    pay: '협의',
  },
  {
    type: JobsType.seeking,
    title: '영어·한국어 가능, 사무직 파트타임 구합니다',
    category: '사무직',
    employmenttype: '파트타임',
    location: '어바인',
    about: '엑셀과 QuickBooks를 다룰 수 있고, 영어와 한국어 모두 가능합니다.',
    pay: '시급 $20 이상 희망',
  },
  {
    type: JobsType.seeking,
    title: '대학생 여름 인턴 자리 찾습니다 (마케팅 전공)',
    category: '사무직',
    employmenttype: '인턴',
    location: '풀러턴',
    about: '마케팅 전공 3학년입니다. SNS 콘텐츠 제작 경험이 있습니다.',
    pay: '협의',
  },
  {
    type: JobsType.seeking,
    title: '베이비시터·가사 도우미 일 찾습니다',
    category: '가사/돌봄',
    employmenttype: '파트타임',
    location: '토런스',
    about: '아이 둘을 키운 경험이 있고 한식 요리를 잘합니다. 평일 오전 가능합니다.',
    pay: '시급 $22 희망',
  },
  {
    type: JobsType.seeking,
    title: 'CDL 면허 보유, 트럭 운전 일자리 구합니다',
    category: '물류/운송',
    employmenttype: '정규직',
    location: '가든그로브',
    about: 'Class A CDL, 무사고 5년입니다. 장거리도 가능합니다.',
    pay: '협의',
  },
  {
    type: JobsType.seeking,
    title: '간호조무사(CNA) 자격, 병원 근무 희망',
    category: '의료',
    employmenttype: '정규직',
    location: '글렌데일',
    about: 'CNA 자격증이 있고 요양병원 근무 2년 경력이 있습니다.',
    pay: '협의',
  },
];

// ---- Businesses ----------------------------------------------------------------------------

/** Opening hours by kind of shop: weekday, weekend, and an optional break. */
const HOURS = {
  meal: { start: '11:00', end: '22:00', weekend: ['10:00', '22:00'], rest: ['', ''] },
  mealBreak: { start: '11:00', end: '21:30', weekend: ['11:00', '22:00'], rest: ['15:00', '17:00'] },
  overnight: { start: '18:00', end: '02:00', weekend: ['17:00', '03:00'], rest: ['', ''] },
  cafe: { start: '07:00', end: '21:00', weekend: ['08:00', '22:00'], rest: ['', ''] },
  clinic: { start: '09:00', end: '18:00', weekend: ['09:00', '13:00'], rest: ['13:00', '14:00'] },
  office: { start: '09:00', end: '18:00', weekend: ['10:00', '14:00'], rest: ['', ''] },
  beauty: { start: '10:00', end: '20:00', weekend: ['10:00', '19:00'], rest: ['', ''] },
  academy: { start: '14:00', end: '21:00', weekend: ['10:00', '16:00'], rest: ['', ''] },
  mart: { start: '08:00', end: '22:00', weekend: ['08:00', '22:00'], rest: ['', ''] },
} as const;

const BUSINESS_IMAGE: Record<string, DemoImageKey> = {
  식당: 'bowl',
  카페: 'cup',
  병원: 'clinic',
  치과: 'tooth',
  한의원: 'leaf',
  부동산: 'house',
  보험: 'office',
  법률: 'office',
  회계: 'office',
  미용: 'scissors',
  학원: 'pencil',
  마트: 'cart',
};

interface BusinessTemplate {
  category: keyof typeof BUSINESS_IMAGE;
  subcategory: string;
  title: string;
  address: string;
  location: Location;
  hours: keyof typeof HOURS;
  about: string;
  premium?: boolean;
  main?: boolean;
}

const BUSINESSES: BusinessTemplate[] = [
  {
    category: '식당',
    subcategory: '한식',
    title: '서울옥 설렁탕',
    address: '3450 W 6th St, Los Angeles, CA 90020',
    location: 'LA',
    hours: 'mealBreak',
    about: '24시간 끓인 사골 국물의 설렁탕 전문 식당입니다. 직접 담근 김치와 깍두기가 자랑입니다.',
    premium: true,
    main: true,
  },
  {
    category: '식당',
    subcategory: '고깃집',
    title: '김치하우스 코리안 BBQ',
    address: '3300 W Olympic Blvd, Los Angeles, CA 90019',
    location: 'LA',
    hours: 'overnight',
    about: '숯불 갈비와 삼겹살 맛집. 늦은 밤까지 영업합니다.',
  },
  {
    category: '식당',
    subcategory: '분식',
    title: '올림픽 분식',
    address: '2900 W Olympic Blvd, Los Angeles, CA 90006',
    location: 'LA',
    hours: 'meal',
    about: '떡볶이, 김밥, 라면까지 서울 분식집 그대로.',
  },
  {
    category: '식당',
    subcategory: '한식',
    title: '윌셔 순두부',
    address: '3575 Wilshire Blvd, Los Angeles, CA 90010',
    location: 'LA',
    hours: 'mealBreak',
    about: '해물, 고기, 김치 순두부와 돌솥밥. 점심 특선이 있습니다.',
  },
  {
    category: '식당',
    subcategory: '포차',
    title: '한밤 포차',
    address: '611 S Western Ave, Los Angeles, CA 90005',
    location: 'LA',
    hours: 'overnight',
    about: '퇴근 후 한잔하기 좋은 한인타운 포장마차. 김치전과 닭발이 인기입니다.',
  },
  {
    category: '식당',
    subcategory: '중식',
    title: '만리장성 중화요리',
    address: '2515 Torrance Blvd, Torrance, CA 90503',
    location: '토런스',
    hours: 'mealBreak',
    about: '한국식 짜장면과 짬뽕, 탕수육 전문 식당입니다.',
  },
  {
    category: '카페',
    subcategory: '카페',
    title: '카페 봄날',
    address: '3820 W 6th St, Los Angeles, CA 90020',
    location: 'LA',
    hours: 'cafe',
    about: '직접 로스팅한 원두와 한국식 빙수를 파는 카페입니다.',
    premium: true,
  },
  {
    category: '카페',
    subcategory: '베이커리',
    title: '달빛 베이커리',
    address: '14110 Culver Dr, Irvine, CA 92604',
    location: '어바인',
    hours: 'cafe',
    about: '매일 아침 굽는 소보로빵, 단팥빵, 생크림 케이크.',
  },
  {
    category: '병원',
    subcategory: '내과',
    title: '윌셔 연합내과',
    address: '3680 Wilshire Blvd Suite 500, Los Angeles, CA 90010',
    location: 'LA',
    hours: 'clinic',
    about: '한국어 진료가 가능한 내과 병원입니다. 건강검진과 예방접종을 합니다.',
    premium: true,
    main: true,
  },
  {
    category: '병원',
    subcategory: '소아과',
    title: '하나 소아과',
    address: '3525 W Carson St, Torrance, CA 90503',
    location: '토런스',
    hours: 'clinic',
    about: '영유아 검진과 예방접종. 한국어 상담 가능합니다.',
  },
  {
    category: '치과',
    subcategory: '일반치과',
    title: '미소 치과',
    address: '4255 Campus Dr, Irvine, CA 92612',
    location: '어바인',
    hours: 'clinic',
    about: '스케일링, 충치 치료, 임플란트. 대부분의 치과 보험을 받습니다.',
  },
  {
    category: '치과',
    subcategory: '교정',
    title: '바른 교정치과',
    address: '1520 S Harbor Blvd, Fullerton, CA 92832',
    location: '풀러턴',
    hours: 'clinic',
    about: '어린이·성인 교정 전문. 무료 상담을 합니다.',
  },
  {
    category: '한의원',
    subcategory: '한방',
    title: '동의 한의원',
    address: '500 N Brand Blvd, Glendale, CA 91203',
    location: '글렌데일',
    hours: 'clinic',
    about: '침, 뜸, 한약. 교통사고 후유증 치료를 합니다.',
  },
  {
    category: '부동산',
    subcategory: '주거용',
    title: '타운 부동산',
    address: '3540 Wilshire Blvd Suite 800, Los Angeles, CA 90010',
    location: 'LA',
    hours: 'office',
    about: '한인타운 아파트 렌트와 콘도 매매. 이사 상담부터 계약까지 한국어로 도와드립니다.',
    premium: true,
  },
  {
    category: '부동산',
    subcategory: '상업용',
    title: '퍼시픽 커머셜 부동산',
    address: '6281 Beach Blvd, Buena Park, CA 90621',
    location: '부에나파크',
    hours: 'office',
    about: '식당, 상가, 창고 등 상업용 부동산 매매와 리스.',
  },
  {
    category: '보험',
    subcategory: '자동차보험',
    title: 'LA 하나 보험',
    address: '3200 Wilshire Blvd, Los Angeles, CA 90010',
    location: 'LA',
    hours: 'office',
    about: '자동차, 주택, 상업 보험 비교 견적.',
  },
  {
    category: '보험',
    subcategory: '생명보험',
    title: '든든 생명보험 에이전시',
    address: '9852 Garden Grove Blvd, Garden Grove, CA 92844',
    location: '가든그로브',
    hours: 'office',
    about: '생명보험, 은퇴 설계, 의료보험 상담.',
  },
  {
    category: '법률',
    subcategory: '이민법',
    title: '김앤리 법률사무소',
    address: '3700 Wilshire Blvd Suite 900, Los Angeles, CA 90010',
    location: 'LA',
    hours: 'office',
    about: '영주권, 시민권, 취업비자 등 이민 업무 전문 변호사 사무실입니다.',
  },
  {
    category: '회계',
    subcategory: '세무',
    title: '박앤김 CPA',
    address: '3055 Wilshire Blvd, Los Angeles, CA 90010',
    location: 'LA',
    hours: 'office',
    about: '개인·법인 세금 보고, 회계 장부, FBAR 신고.',
  },
  {
    category: '미용',
    subcategory: '헤어',
    title: '헤어살롱 미',
    address: '3240 W 6th St, Los Angeles, CA 90020',
    location: 'LA',
    hours: 'beauty',
    about: '서울 청담동 출신 디자이너의 커트와 펌.',
  },
  {
    category: '미용',
    subcategory: '네일',
    title: '네일 스튜디오 온',
    address: '2390 Crenshaw Blvd, Torrance, CA 90501',
    location: '토런스',
    hours: 'beauty',
    about: '젤 네일, 패디큐어, 속눈썹 연장.',
  },
  {
    category: '학원',
    subcategory: '입시',
    title: '한빛 학원',
    address: '1201 S Harbor Blvd, Fullerton, CA 92832',
    location: '풀러턴',
    hours: 'academy',
    about: 'SAT, AP, 대입 에세이 전문 학원입니다. 소수 정예 반으로 운영합니다.',
  },
  {
    category: '학원',
    subcategory: '태권도',
    title: '용 태권도',
    address: '5200 Beach Blvd, Buena Park, CA 90621',
    location: '부에나파크',
    hours: 'academy',
    about: '유아부터 성인까지 태권도. 방과 후 픽업 서비스가 있습니다.',
  },
  {
    category: '마트',
    subcategory: '한인마트',
    title: '코리아 마트 가든그로브점',
    address: '9896 Garden Grove Blvd, Garden Grove, CA 92844',
    location: '가든그로브',
    hours: 'mart',
    about: '한국 식품, 정육, 수산, 반찬 코너. 매주 목요일 세일.',
  },
  {
    category: '마트',
    subcategory: '한인마트',
    title: '서울 마트 올림픽점',
    address: '928 S Western Ave, Los Angeles, CA 90006',
    location: 'LA',
    hours: 'mart',
    about: '김치, 반찬, 떡, 한국 과자까지. 주차장이 넓습니다.',
    premium: true,
    main: true,
  },
];

// ---- Customer centre and schedule ----------------------------------------------------------

const INQUIRIES: { title: string; body: string; answer?: string }[] = [
  {
    title: '업소록 등록 승인은 얼마나 걸리나요?',
    body: '<p>어제 가게를 업소록에 등록했는데 언제부터 목록에 보이나요?</p>',
    answer: '<p>업소록은 등록 즉시 목록에 보입니다. 보이지 않으면 카테고리와 지역을 확인해 주세요.</p>',
  },
  {
    title: '벼룩시장 글이 검색에 안 나와요',
    body: '<p>벼룩시장에 올린 글을 제목으로 검색했는데 안 나옵니다.</p>',
    answer: '<p>검색은 해당 게시판 안에서 제목과 내용으로 찾습니다. 벼룩시장 메뉴에서 다시 검색해 보세요.</p>',
  },
  {
    title: '프리미엄 업소 광고 비용 문의',
    body: '<p>식당을 운영하고 있습니다. 프리미엄 업소와 메인 노출 비용이 궁금합니다.</p>',
    answer: '<p>문의 감사합니다. 기간별 안내 자료를 가입하신 이메일로 보내 드렸습니다.</p>',
  },
  { title: '전화번호 수정이 안 됩니다', body: '<p>내 정보에서 전화번호를 바꾸고 저장했는데 예전 번호가 그대로 보여요.</p>' },
  { title: '이메일 인증번호가 오지 않아요', body: '<p>회원가입할 때 인증번호가 오지 않습니다. 스팸함도 확인했습니다.</p>' },
];

interface ScheduleTemplate {
  title: string;
  body: string;
  category: string;
  location: string;
  /** Days from today; a weekly item starts today and repeats on `weekday`. */
  inDays: number;
  days?: number;
  weekday?: number;
  time: [string, string];
}

const SCHEDULE: ScheduleTemplate[] = [
  {
    title: 'LA 한인축제 자원봉사자 설명회',
    body: '<p>올해 한인축제 자원봉사자를 위한 설명회입니다. 고등학생 봉사 시간 인정.</p>',
    category: '행사',
    location: 'LA 한인회관',
    inDays: 3,
    time: ['19:00', '20:30'],
  },
  {
    title: '무료 세금 보고 세미나',
    body: '<p>한인 회계사가 개인 세금 보고와 FBAR를 설명합니다.</p>',
    category: '교육',
    location: '한인타운 시니어센터',
    inDays: 6,
    time: ['10:00', '12:00'],
  },
  {
    title: '한인회 무료 법률 상담의 날',
    body: '<p>이민, 렌트, 교통사고 상담. 예약 없이 오셔도 됩니다.</p>',
    category: '상담',
    location: 'LA 한인회관',
    inDays: 9,
    time: ['13:00', '17:00'],
  },
  {
    title: '코리아타운 시니어 무료 건강검진',
    body: '<p>혈압, 혈당, 콜레스테롤 검사와 한국어 상담. 병원 예약이 어려운 분들께 권합니다.</p>',
    category: '건강',
    location: '윌셔 연합내과',
    inDays: 12,
    days: 2,
    time: ['09:00', '15:00'],
  },
  {
    title: '한인타운 주말 장터',
    body: '<p>떡, 김치, 반찬과 전통 공예품 장터. 윷놀이 대회도 열립니다.</p>',
    category: '행사',
    location: '가든그로브 한인타운 광장',
    inDays: 16,
    days: 3,
    time: ['10:00', '20:00'],
  },
  {
    title: '청소년 한국어 말하기 대회',
    body: '<p>초·중·고 학생 대상 한국어 말하기 대회. 참가 신청은 각 한국학교와 학원에서 받습니다.</p>',
    category: '교육',
    location: 'LA 한국교육원',
    inDays: 22,
    time: ['14:00', '17:00'],
  },
  {
    title: '매주 토요일 한인타운 걷기 모임',
    body: '<p>토요일 아침 한인타운을 한 시간 걷습니다. 누구나 참여할 수 있습니다.</p>',
    category: '모임',
    location: '윌셔/웨스턴 역 앞',
    inDays: 0,
    weekday: 6,
    time: ['07:00', '08:30'],
  },
  {
    title: '이민 서류 작성 도움 창구 (매주 수요일)',
    body: '<p>봉사자들이 영주권·시민권 서류 작성을 도와드립니다.</p>',
    category: '상담',
    location: '오렌지카운티 한인회',
    inDays: 0,
    weekday: 3,
    time: ['10:00', '13:00'],
  },
];

// ---- The seeding ---------------------------------------------------------------------------

interface Seeder {
  db: Executor;
  now: number;
  members: Member[];
  editor: Member;
  images: DemoImages;
  counts: Record<string, number>;
}

/** n ascending times over the last SPAN_DAYS days: inserted in this order, newer ids are newer. */
function spreadDates(n: number, now: number): string[] {
  const step = (SPAN_DAYS * DAY) / Math.max(n, 1);
  return Array.from({ length: n }, (_, i) =>
    new Date(now - SPAN_DAYS * DAY + (i + faker.number.float({ min: 0.1, max: 0.9 })) * step).toISOString(),
  );
}

/** k ascending times in the `days` after `from`, none after now: replies and likes come soon. */
function laterDates(from: string, k: number, now: number, days = 10): string[] {
  const start = Date.parse(from);
  const end = Math.min(now, start + days * DAY);
  return Array.from({ length: k }, () => start + faker.number.int({ min: 0, max: Math.max(0, end - start) }))
    .sort((a, b) => a - b)
    .map((t) => new Date(t).toISOString());
}

/** A calendar date (YYYY-MM-DD) `days` after `day`. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The templates repeated or cut to base × scale items. */
function scaled<T>(templates: T[], scale: number): T[] {
  const n = Math.max(1, Math.round(templates.length * scale));
  return Array.from({ length: n }, (_, i) => templates[i % templates.length]!);
}

/** Fictional numbers: 555-0100 to 555-0199 are reserved for examples. */
function phone(location: Location): string {
  return `(${AREA_CODE[location]}) 555-01${String(faker.number.int({ min: 0, max: 99 })).padStart(2, '0')}`;
}

const regulars = (s: Seeder) => s.members.filter((m) => m.id !== s.editor.id);
const someMembers = (s: Seeder, max: number, except: number) =>
  faker.helpers.arrayElements(
    s.members.filter((m) => m.id !== except),
    { min: 0, max },
  );

async function addLikes(s: Seeder, target: SectionTable, item: number, likers: Member[], after: string): Promise<void> {
  if (likers.length === 0) return;
  const dates = laterDates(after, likers.length, s.now);
  await s.db
    .insertInto('likes')
    .values(likers.map((m, i) => ({ target, item, user: m.id, date: dates[i]! })))
    .execute();
  s.counts.likes! += likers.length;
}

type BoardDraft = Omit<Insertable<BoardTable>, 'date' | 'name' | 'user' | 'comment' | 'like' | 'count'> & { author: Member };

/** One post with its comments (one level of replies) and likes; the post's `comment` and `like`
 * are the rows inserted here, as the live counters would have made them. */
async function addPost(s: Seeder, draft: BoardDraft, date: string): Promise<void> {
  const { author, ...post } = draft;
  const reactions = REACTIONS[post.topcategory]!;
  const pool = COMMENTS[post.category] ?? COMMENTS[post.topcategory] ?? [];
  const answers = AUTHOR_REPLIES[post.category] ?? AUTHOR_REPLIES[post.topcategory] ?? AUTHOR_REPLIES.default!;
  // Different people say different things: no one comments twice, no text repeats under a post.
  const texts = faker.helpers.arrayElements(pool, { min: 0, max: Math.min(reactions.comments, pool.length) });
  const commenters = faker.helpers.arrayElements(
    s.members.filter((m) => m.id !== author.id),
    texts.length,
  );
  const thread = texts.map((text, i) => {
    const by = commenters[i]!;
    // Some comments get one reply, mostly from the post's author.
    const reply = faker.datatype.boolean({ probability: 0.7 })
      ? { by: author, text: faker.helpers.arrayElement(answers) }
      : {
          by: faker.helpers.arrayElement(s.members.filter((m) => m.id !== author.id && m.id !== by.id)),
          text: faker.helpers.arrayElement(OTHER_REPLIES),
        };
    return { by, text, replies: faker.datatype.boolean({ probability: 0.4 }) ? [reply] : [] };
  });
  const likers = someMembers(s, reactions.likes, author.id);
  const comments = thread.reduce((n, c) => n + 1 + c.replies.length, 0);

  const { id } = await s.db
    .insertInto('board')
    .values({
      ...post,
      name: author.nickname,
      user: author.id,
      date,
      count: faker.number.int({ min: reactions.views[0], max: reactions.views[1] }),
      comment: comments,
      like: likers.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const dates = laterDates(date, comments, s.now);
  let next = 0;
  const insertComment = async (c: { by: Member; text: string }, parent: number) => {
    const row = await s.db
      .insertInto('comment')
      .values({ board: id, parent, content: c.text, name: c.by.nickname, user: c.by.id, date: dates[next++]! })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  for (const c of thread) {
    const parent = await insertComment(c, 0);
    for (const r of c.replies) await insertComment(r, parent);
  }
  s.counts.comments! += comments;
  await addLikes(s, 'board', id, likers, date);
}

const EMPTY_POST = {
  etitle: '',
  econtent: '',
  image: '',
  images: '[]',
  location: '',
  price: 0,
  free: BoardFree.paid,
  marketstatus: MarketStatus.intrade,
  parent: 0,
  language: BoardLanguage.korean,
  korean: 1,
  english: 0,
  status: BoardStatus.selling,
  subcategory: '',
};

function withImages(paths: string[]) {
  return { image: paths[0] ?? '', images: JSON.stringify(paths) };
}

/** Every board section's drafts, counted per section. */
function boardDrafts(s: Seeder, scale: number): BoardDraft[] {
  const simple = (topcategory: number, key: string, templates: PostTemplate[], by: () => Member, located: boolean) =>
    scaled(templates, scale).map((t): BoardDraft => {
      s.counts[key]! += 1;
      return {
        ...EMPTY_POST,
        ...withImages(t.image ? [s.images[t.image]] : []),
        topcategory,
        category: t.category,
        title: t.title,
        content: sanitizeRichText(t.body),
        location: t.location ?? (located ? faker.helpers.arrayElement(LOCATIONS) : ''),
        author: by(),
      };
    });
  const member = () => faker.helpers.arrayElement(regulars(s));
  const editor = () => s.editor;

  const news = scaled(NEWS, scale).map((t): BoardDraft => {
    s.counts.news! += 1;
    return {
      ...EMPTY_POST,
      topcategory: TopCategory.news,
      category: t.category,
      title: t.title,
      content: sanitizeRichText(t.body),
      etitle: t.en?.[0] ?? '',
      econtent: t.en ? sanitizeRichText(t.en[1]) : '',
      english: t.en ? 1 : 0,
      author: s.editor,
    };
  });

  const market = scaled(MARKET, scale).map((t): BoardDraft => {
    s.counts.market! += 1;
    const done = faker.datatype.boolean({ probability: 0.25 });
    return {
      ...EMPTY_POST,
      ...withImages(t.images.map((k) => s.images[k])),
      topcategory: TopCategory.market,
      category: t.category,
      title: t.title,
      content: sanitizeRichText(t.body),
      location: t.location,
      price: t.price,
      free: t.price === 0 ? BoardFree.free : BoardFree.paid,
      marketstatus: done ? MarketStatus.complete : MarketStatus.intrade,
      status: done ? BoardStatus.sold : BoardStatus.selling,
      author: member(),
    };
  });

  return [
    ...news,
    ...simple(TopCategory.life, 'life', LIFE, member, true),
    ...market,
    ...simple(TopCategory.community, 'community', COMMUNITY, member, false),
    ...simple(TopCategory.organizations, 'organizations', ORGANIZATIONS, editor, true),
    ...simple(TopCategory.customer, 'faq', FAQ, editor, false),
  ];
}

async function addJobs(s: Seeder, scale: number, today: string): Promise<void> {
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
    const { id } = await s.db
      .insertInto('jobs')
      .values({
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
        like: likers.length,
        name: author.nickname,
        user: author.id,
        date: dates[i]!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addLikes(s, 'jobs', id, likers, dates[i]!);
  }
  s.counts.jobs = jobs.length;
}

async function addBusinesses(s: Seeder, scale: number): Promise<void> {
  const list = scaled(BUSINESSES, scale);
  const dates = spreadDates(list.length, s.now);
  for (const [i, t] of list.entries()) {
    const author = faker.helpers.arrayElement(regulars(s));
    const h = HOURS[t.hours];
    const tel = phone(t.location);
    const hours = `평일 ${h.start} ~ ${h.end}${h.rest[0] ? ` (브레이크타임 ${h.rest[0]} ~ ${h.rest[1]})` : ''}, 주말 ${h.weekend[0]} ~ ${h.weekend[1]}`;
    const likers = someMembers(s, 6, author.id);
    const { id } = await s.db
      .insertInto('business')
      .values({
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
        image: s.images[BUSINESS_IMAGE[t.category]!],
        content: sanitizeRichText(`<p>${t.about}</p><ul><li>주소: ${t.address}</li><li>전화: ${tel}</li><li>영업시간: ${hours}</li></ul>`),
        type: t.premium ? BusinessType.premium : BusinessType.normal,
        main: t.main ? BusinessMain.main : BusinessMain.normal,
        count: faker.number.int({ min: 30, max: 1500 }),
        like: likers.length,
        name: author.nickname,
        user: author.id,
        date: dates[i]!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addLikes(s, 'business', id, likers, dates[i]!);
  }
  s.counts.business = list.length;
}

async function addInquiries(s: Seeder): Promise<void> {
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

async function addSchedule(s: Seeder, today: string): Promise<void> {
  const dates = spreadDates(SCHEDULE.length, s.now);
  await s.db
    .insertInto('mainschedule')
    .values(
      SCHEDULE.map((t, i) => ({
        title: t.title,
        content: sanitizeRichText(t.body),
        startdate: addDays(today, t.inDays),
        enddate: t.weekday ? '' : addDays(today, t.inDays + (t.days ?? 1) - 1),
        starttime: t.time[0],
        endtime: t.time[1],
        location: t.location,
        url: '',
        category: t.category,
        weekday: t.weekday ?? 0,
        status: 1,
        sortorder: i + 1,
        name: s.editor.nickname,
        user: s.editor.id,
        date: dates[i]!,
      })),
    )
    .execute();
  s.counts.mainschedule = SCHEDULE.length;
}

async function hasContent(db: Executor): Promise<boolean> {
  for (const table of ['board', 'jobs', 'business'] as const) {
    if (await db.selectFrom(table).select('id').limit(1).executeTakeFirst()) return true;
  }
  return false;
}

/** The demo members, created once: a second seeding (after the content was removed) reuses them.
 * Nobody knows their password: one random password, hashed once (argon2 takes ~100 ms). */
async function ensureMembers(deps: Deps, now: number): Promise<Member[]> {
  const passwd = await hashPassword(crypto.randomBytes(24).toString('base64url'));
  const rows = MEMBER_NICKNAMES.map((nickname, i) => {
    const joined = new Date(now - (SPAN_DAYS + 30 - i * 2) * DAY).toISOString();
    const loginid = `demo${String(i + 1).padStart(2, '0')}@demo.example`;
    return {
      loginid,
      passwd,
      name: i === 0 ? '편집부' : faker.person.fullName(),
      nickname,
      nicknamekey: nicknameKey(nickname),
      email: loginid,
      tel: '',
      hp: '',
      level: i === 0 ? UserLevel.manager : UserLevel.normal,
      status: 1,
      use: UserUse.use,
      remark: '데모 회원',
      logindate: EMPTY_DATE,
      lastchangepasswddate: joined,
      date: joined,
    };
  });
  // A nickname a real member already took leaves that demo member out rather than failing boot.
  await deps.db
    .insertInto('users')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return deps.db
    .selectFrom('users')
    .select(['id', 'nickname'])
    .where(
      'loginid',
      'in',
      rows.map((r) => r.loginid),
    )
    .orderBy('id')
    .execute();
}

/** SEED_DEMO: fills an empty database (no board, jobs or business rows) with demo content.
 * `scale` multiplies the number of posts, jobs and businesses (templates repeat past 1). */
export async function seedDemo(deps: Deps, options: { scale?: number } = {}): Promise<{ seeded: boolean; counts: Record<string, number> }> {
  if (await hasContent(deps.db)) return { seeded: false, counts: {} };
  faker.seed(SEED);
  const scale = options.scale ?? 1;
  const now = Date.now();
  const today = todayIn(deps.env.SITE_TIMEZONE);

  const members = await ensureMembers(deps, now);
  const editor = members[0];
  if (!editor) throw new Error('demo members could not be created');
  // Images are stored before the content transaction: saving one opens its own transaction.
  const images = await createDemoImages(deps, editor.id);

  const counts: Record<string, number> = { members: members.length, images: Object.keys(images).length };
  for (const key of ['news', 'life', 'market', 'community', 'organizations', 'faq', 'comments', 'likes']) counts[key] = 0;

  const seeded = await deps.db.transaction().execute(async (trx) => {
    if (deps.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    // Another server may have seeded while the images were made; its content wins (and this
    // run's images stay unused).
    if (await hasContent(trx)) return false;
    const s: Seeder = { db: trx, now, members, editor, images, counts };
    // Sections interleaved in time, as people would have posted them.
    const drafts = faker.helpers.shuffle(boardDrafts(s, scale));
    const dates = spreadDates(drafts.length, now);
    for (const [i, draft] of drafts.entries()) await addPost(s, draft, dates[i]!);
    await addJobs(s, scale, today);
    await addBusinesses(s, scale);
    await addInquiries(s);
    await addSchedule(s, today);
    return true;
  });
  if (!seeded) return { seeded, counts: {} };
  // The content went in directly, so the search index is built from it once.
  counts.indexed = await reindexAll(deps, () => {});
  return { seeded, counts };
}
