import { locationField } from '../features/editor/write-fields.tsx';
import { BOARD_FIELDS, BoardCards, boardKind, boardWrite } from './board.tsx';
import { category, location } from './kind.ts';

// 생활정보: posts filed by place as well as by category.

export const life = boardKind({
  list: { filters: [category('life'), location], fields: BOARD_FIELDS, Cards: BoardCards },
  write: boardWrite({ beforeText: [locationField] }),
});
