import { IN_PLACE_FIELDS, boardKind, inPlaceCards } from './board.tsx';
import { faqPath } from '#shared/site.ts';
import { category } from './kind.ts';

// 고객센터's FAQ: answers opened in place, each with a page of its own to share, searched as questions.

export const customer = boardKind({
  list: {
    filters: [category('customer')],
    fields: IN_PLACE_FIELDS,
    Cards: inPlaceCards(false, faqPath),
    keyword: { label: '질문 검색', placeholder: '궁금한 내용을 입력하세요' },
  },
});
