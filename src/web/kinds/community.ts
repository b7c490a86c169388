import { BOARD_FIELDS, BOARD_ROW, BoardCards, boardKind } from './board.tsx';
import { category } from './kind.ts';

// 커뮤니티: plain posts; the home page shows the most liked.

export const community = boardKind({
  list: { filters: [category('community')], fields: BOARD_FIELDS, Cards: BoardCards },
  home: { title: '인기 커뮤니티', query: { sort: '-like' }, columns: BOARD_ROW },
});
