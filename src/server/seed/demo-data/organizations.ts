import type { PostTemplate } from './post-template.ts';

// The organizations section: Korean associations, churches, schools and volunteers, by the editorial desk.

export const ORGANIZATIONS: PostTemplate[] = [
  {
    category: '한인회',
    title: 'LA 한인회',
    location: 'LA',
    body: '<p>LA 지역 한인 사회를 대표하는 단체입니다.</p><h3>주요 활동</h3><ul><li>민원·법률 상담</li><li>한인축제 공동 주최</li><li>시니어·청소년 지원</li></ul>',
    about: {
      tel: '(213) 555-0101',
      email: 'office@lakorean.example',
      address: '981 S Western Ave, Los Angeles, CA 90006',
      url: 'https://lakorean.example',
      kakao: 'https://open.kakao.com/o/gLaHanin01',
      officers: '회장 김정호\n수석부회장 이미경\n사무총장 박성진',
      hours: '월~금 오전 9시 ~ 오후 5시\n토·일 휴무 (민원 상담은 예약제)',
    },
  },
  {
    category: '한인회',
    title: '오렌지카운티 한인회',
    location: '가든그로브',
    body: '<p>가든그로브, 풀러턴, 어바인 등 오렌지카운티 한인을 위한 단체입니다. 매달 무료 세금·이민 상담을 엽니다.</p>',
    about: {
      tel: '(714) 555-0102',
      address: '9876 Garden Grove Blvd, Garden Grove, CA 92844',
      officers: '회장 최은영\n부회장 정대현',
      hours: '화~토 오전 10시 ~ 오후 4시',
    },
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
