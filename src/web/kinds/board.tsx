import { BoardSaveSchema } from '#shared/schemas/content.ts';
import { BoardArticle } from '../features/board/board-article.tsx';
import { BoardList, ExpandableList } from '../features/board/board-list.tsx';
import { categoryField, contentField, type FormField, imagesField, thumbnailField, titleField } from '../features/editor/write-fields.tsx';
import type { WriteKind } from '../features/editor/write-target.ts';
import type { BodyProps, CardsProps, WebKind } from './kind.ts';

// What the board's sections (posts stored in `board`, told apart by topcategory) share: their
// list's fields and rows, their page, and their write form around a section's own fields.

/** A board list's fields: the English version's mark and the comment count. */
export const BOARD_FIELDS = ['english', 'comment'] as const;
/** A list whose entries open in place shows their text. */
export const IN_PLACE_FIELDS = ['content'] as const;

export function BoardCards({ items, base, timeZone }: CardsProps) {
  return <BoardList items={items} base={base} timeZone={timeZone} />;
}

/** Entries opened in place (FAQ), with their meta line or without, and where each also has a page. */
export const inPlaceCards = (showMeta: boolean, pageOf?: (id: number) => string) =>
  function InPlaceCards({ items, timeZone, anchor }: CardsProps) {
    return <ExpandableList items={items} timeZone={timeZone} showMeta={showMeta} anchor={anchor} pageOf={pageOf} />;
  };

export function BoardBody({ item, timeZone }: BodyProps) {
  return <BoardArticle key={item.id} item={item} timeZone={timeZone} />;
}

/** What a home box reads of a board post. */
export const BOARD_ROW = ['id', 'title', 'date', 'image', 'price', 'free', 'location'] as const;

/** A board section's form: its category and title, the section's own fields, the text, the
 * section's fields after it, the photos. */
export function boardWrite({
  beforeText = [],
  afterText = [],
}: {
  beforeText?: FormField[];
  afterText?: FormField[];
} = {}): WriteKind<FormField> {
  return {
    schema: BoardSaveSchema,
    fields: [categoryField, titleField(), ...beforeText, contentField, ...afterText, imagesField, thumbnailField],
  };
}

/** A board section: the board's page and form unless it gives its own. */
export const boardKind = (kind: Partial<WebKind> & Pick<WebKind, 'list'>): WebKind => ({ Body: BoardBody, write: boardWrite(), ...kind });
