import type { PostTemplate } from './post-template.ts';

// The customer centre's FAQ, by the editorial desk.

export const FAQ: PostTemplate[] = [
  {
    category: '회원',
    title: '회원가입은 어떻게 하나요?',
    body: '<p>오른쪽 위 <strong>로그인</strong>을 누르고 <strong>회원가입</strong> 탭에서 이메일 인증 후 가입할 수 있습니다.</p>',
  },
  {
    category: '회원',
    title: '비밀번호를 잊어버렸어요.',
    body: '<p>로그인 창의 <strong>비밀번호 찾기</strong>에서 가입한 이메일로 인증코드를 받아 새 비밀번호를 정할 수 있습니다.</p>',
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
