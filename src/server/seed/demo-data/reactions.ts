import { TopCategory } from '#shared/enums.ts';

// Reactions: what people write under a post, by community category or else by section, and
// what the author answers.
export const COMMENTS: Record<string, string[]> = {
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
export const AUTHOR_REPLIES: Record<string, string[]> = {
  [TopCategory.market]: ['네, 아직 있어요!', '네, 가능합니다. 쪽지 주세요.', '주말 픽업 가능합니다.'],
  질문답변: ['답변 감사해요!', '네, 참고할게요.', '감사합니다 😊'],
  모임: ['네, 쪽지 드릴게요!', '물론이죠, 환영합니다.'],
  default: ['감사합니다 😊', '읽어 주셔서 감사해요.'],
};
export const OTHER_REPLIES = ['저도요!', '저도 궁금합니다.', '좋은 정보네요.'];
/** Per section: how many top-level comments and likes a post gets at most, and its views. */
export const REACTIONS: Record<number, { comments: number; likes: number; views: [number, number] }> = {
  [TopCategory.news]: { comments: 2, likes: 6, views: [80, 2500] },
  [TopCategory.life]: { comments: 3, likes: 6, views: [40, 1200] },
  [TopCategory.market]: { comments: 3, likes: 3, views: [15, 600] },
  [TopCategory.community]: { comments: 6, likes: 8, views: [10, 900] },
  [TopCategory.organizations]: { comments: 0, likes: 3, views: [30, 500] },
  [TopCategory.customer]: { comments: 0, likes: 0, views: [50, 1500] },
};
