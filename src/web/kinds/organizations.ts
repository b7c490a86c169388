import { IN_PLACE_FIELDS, boardKind, inPlaceCards } from './board.tsx';
import { category } from './kind.ts';

// 한인단체: posts without a page of their own, opened in place with who wrote them and when.

export const organizations = boardKind({
  list: { filters: [category('organizations')], fields: IN_PLACE_FIELDS, Cards: inPlaceCards(true) },
});
