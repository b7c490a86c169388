import { z } from 'zod';
import { BoardLanguage, MarketStatus, TopCategory } from '#shared/enums.ts';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { htmlToText, textOf } from '#shared/text.ts';
import { boardSectionOf } from '#shared/sections.ts';
import { BOARD_SERVER_FIELDS, BoardSaveSchema } from '#shared/schemas/content.ts';
import { inQuery, money } from '#shared/schemas/fields.ts';
import { imagesColumn } from '#server/modules/content/images-column.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';
import { expiredParam, openListings, openListingsCounted } from '#server/modules/freshness/freshness.list.ts';
import { listingColumns } from '#server/modules/freshness/freshness.service.ts';
import { organizationEvents } from '#server/modules/event/event.service.ts';
import { editorIdsOf, forgetEditorsOf, mayEditOrganization } from '#server/modules/organization/organization-editors.service.ts';

/** `sections=2,5`: the posts of several sections at once (a member's posts on their profile). */
const sectionCodes = z
  .string()
  .regex(/^\d{1,3}(,\d{1,3}){0,19}$/, { error: '분류 번호를 쉼표로 나눠 적으세요' })
  .transform((s) => s.split(',').map(Number));

/** Board posts: news, life, market, community, organizations and the FAQ, told apart by
 * topcategory (PRODUCT.md, Sections). */
export const boardResource: ContentResource<'board'> = {
  table: 'board',
  schema: BoardSaveSchema,
  serverFields: BOARD_SERVER_FIELDS,
  adminFields: [],
  richText: ['content', 'econtent'],
  requiredRichText: ['content'],
  countViews: true,
  search: 'board',
  // 거래완료, by an admin or by the seller with a buyer.
  close: { column: 'marketstatus', value: MarketStatus.complete, sections: [TopCategory.market], buyer: true },
  searchText: (row) => ({
    title: [textOf(row.title), textOf(row.etitle)].filter(Boolean).join(' '),
    body: [htmlToText(textOf(row.content)), htmlToText(textOf(row.econtent))].filter(Boolean).join(' '),
  }),
  comments: true,
  chat: { sections: [TopCategory.market] },
  list: {
    table: 'board',
    filters: ['topcategory', 'free', 'marketstatus', 'language', 'status', 'user', 'parent'],
    textFilters: ['category', 'subcategory', 'location'],
    keyword: ['title', 'content', 'etitle', 'econtent'],
    sorts: ['id', 'date', 'count', 'like', 'comment', 'price'],
    defaultSort: '-id',
    orders: {
      fresh: [
        ['marketstatus', 'asc'],
        ['bumpdate', 'desc'],
      ],
    },
    sums: ['count', 'like', 'comment', 'price'],
  },
  listParams: {
    sections: sectionCodes.optional(),
    minprice: inQuery(money).optional(),
    maxprice: inQuery(money).optional(),
    ...expiredParam,
  },
  narrowList(q, params) {
    let query = openListings(q, params);
    if (params.sections) query = query.where('topcategory', 'in', params.sections as number[]);
    if (params.minprice !== undefined) query = query.where('price', '>=', params.minprice as number);
    if (params.maxprice !== undefined) query = query.where('price', '<=', params.maxprice as number);
    return query;
  },
  // A price range or several sections are not a counted scope.
  countedAs: (params) =>
    params.minprice === undefined && params.maxprice === undefined && params.sections === undefined
      ? openListingsCounted(params)
      : undefined,
  initdata: () => ({
    id: 0,
    title: '',
    content: '',
    etitle: '',
    econtent: '',
    image: '',
    images: [],
    name: '',
    count: 0,
    comment: 0,
    like: 0,
    location: '',
    price: 0,
    free: 1,
    marketstatus: 1,
    parent: 0,
    language: 1,
    korean: 0,
    english: 0,
    status: 1,
    user: 0,
    topcategory: 1,
    category: '',
    subcategory: '',
    tel: '',
    email: '',
    address: '',
    url: '',
    kakao: '',
    officers: '',
    hours: '',
    date: '',
  }),
  requireWrite(actor, input, before) {
    const section = boardSectionOf(input.topcategory as number);
    if (!section) throw new AppError(400, ErrorKey.invalid, { field: 'topcategory', detail: '게시판이 아닌 분류입니다' });
    // Someone else's post kept in its section was allowed by who may edit it (an admin, an
    // organization's staff and editors); its author, or a move elsewhere, takes the section's level.
    if (before && before.topcategory === input.topcategory && before.user !== actor.id) return;
    if (actor.level < section.writeLevel) throw new AppError(403, ErrorKey.forbidden, { field: 'topcategory' });
  },
  // An organization's page is kept by staff and by the members an admin named its editors.
  mayEdit: (deps, actor, row) =>
    row.topcategory === TopCategory.organizations ? mayEditOrganization(deps, actor, row.id) : Promise.resolve(false),
  // An organization's page lists its upcoming events, and offers its editors 단체 정보 수정.
  detail: async (deps, _actor, row) => {
    if (row.topcategory !== TopCategory.organizations) return {};
    const id = row.id as number;
    const [events, editors] = await Promise.all([organizationEvents(deps, id), editorIdsOf(deps, id)]);
    return { events, editors };
  },
  removeWith: forgetEditorsOf,
  derive(input, before, _actor, deps) {
    const images = input.images as string[];
    return {
      ...listingColumns(deps, 'board', input, before),
      // The list thumbnail: the first image unless one was chosen.
      image: input.image || images[0] || '',
      korean: input.title ? 1 : 0,
      english: input.etitle || input.econtent ? 1 : 0,
      // A post with an English version is listed under the news list's 언어: English filter
      // (nothing else set language, so that filter always showed 0 items).
      language: input.etitle || input.econtent ? BoardLanguage.english : BoardLanguage.korean,
    };
  },
  ...imagesColumn,
};
