// The news section: articles by the editorial desk, most with an English version.

export interface NewsTemplate {
  category: string;
  title: string;
  body: string;
  en?: [title: string, body: string];
}

export const NEWS: NewsTemplate[] = [
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
