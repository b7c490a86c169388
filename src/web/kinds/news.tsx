import { TITLE_MAX } from '#shared/limits.ts';
import { richField, textField } from '../features/editor/write-fields.tsx';
import { BOARD_FIELDS, BOARD_ROW, BoardCards, boardKind, boardWrite } from './board.tsx';
import { category, select } from './kind.ts';

// 뉴스: posts with an optional English version, read by language, newest, most read or liked.

export const news = boardKind({
  list: {
    filters: [
      category('news'),
      select('language', '언어', [
        ['1', '한국어'],
        ['2', 'English'],
      ]),
    ],
    sorts: [
      ['', '최신순', '-id'],
      ['views', '조회순', '-count'],
      ['likes', '좋아요순', '-like'],
    ],
    fields: BOARD_FIELDS,
    Cards: BoardCards,
  },
  write: boardWrite({
    afterText: [
      textField('etitle', '영문 제목 (English title, 선택)', { wide: true, maxLength: TITLE_MAX }),
      richField('econtent', '영문 내용 (English content, 선택)'),
    ],
  }),
  home: { title: '뉴스', query: {}, columns: BOARD_ROW },
});
