// The main page's schedule: dated events counted from today, and weekly ones.

export interface ScheduleTemplate {
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

export const SCHEDULE: ScheduleTemplate[] = [
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
