import { fakerKO as faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import { BoardFree, BoardLanguage, BoardStatus, MarketStatus, TopCategory } from '#shared/enums.ts';
import type { BoardTable } from '#server/db/database.ts';
import { sanitizeRichText } from '#server/lib/sanitize.ts';
import { laterDates } from './dates.ts';
import { COMMUNITY } from './demo-data/community.ts';
import { FAQ } from './demo-data/faq.ts';
import { LIFE } from './demo-data/life.ts';
import { MARKET } from './demo-data/market.ts';
import { NEWS } from './demo-data/news.ts';
import { ORGANIZATIONS } from './demo-data/organizations.ts';
import { LOCATIONS } from './demo-data/places.ts';
import type { PostTemplate } from './demo-data/post-template.ts';
import { AUTHOR_REPLIES, COMMENTS, OTHER_REPLIES, REACTIONS } from './demo-data/reactions.ts';
import { addLikes, someMembers } from './likes.ts';
import { regulars, scaled, type Member, type Seeder } from './seeder.ts';

type BoardDraft = Omit<Insertable<BoardTable>, 'date' | 'name' | 'user' | 'comment' | 'like' | 'count'> & { author: Member };

/** One post with its comments (one level of replies) and likes; the post's `comment` and `like`
 * are the rows inserted here, as the live counters would have made them. */
export async function addPost(s: Seeder, draft: BoardDraft, date: string): Promise<void> {
  const { author, ...post } = draft;
  const reactions = REACTIONS[post.topcategory]!;
  const pool = COMMENTS[post.category] ?? COMMENTS[post.topcategory] ?? [];
  const answers = AUTHOR_REPLIES[post.category] ?? AUTHOR_REPLIES[post.topcategory] ?? AUTHOR_REPLIES.default!;
  // Different people say different things: no one comments twice, no text repeats under a post.
  const texts = faker.helpers.arrayElements(pool, { min: 0, max: Math.min(reactions.comments, pool.length) });
  const commenters = faker.helpers.arrayElements(
    s.members.filter((m) => m.id !== author.id),
    texts.length,
  );
  const thread = texts.map((text, i) => {
    const by = commenters[i]!;
    // Some comments get one reply, mostly from the post's author.
    const reply = faker.datatype.boolean({ probability: 0.7 })
      ? { by: author, text: faker.helpers.arrayElement(answers) }
      : {
          by: faker.helpers.arrayElement(s.members.filter((m) => m.id !== author.id && m.id !== by.id)),
          text: faker.helpers.arrayElement(OTHER_REPLIES),
        };
    return { by, text, replies: faker.datatype.boolean({ probability: 0.4 }) ? [reply] : [] };
  });
  const likers = someMembers(s, reactions.likes, author.id);
  const comments = thread.reduce((n, c) => n + 1 + c.replies.length, 0);

  const { id } = await s.db
    .insertInto('board')
    .values({
      ...post,
      name: author.nickname,
      user: author.id,
      date,
      count: faker.number.int({ min: reactions.views[0], max: reactions.views[1] }),
      comment: comments,
      like: likers.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const dates = laterDates(date, comments, s.now);
  let next = 0;
  const insertComment = async (c: { by: Member; text: string }, parent: number) => {
    const row = await s.db
      .insertInto('comment')
      .values({ board: id, parent, content: c.text, name: c.by.nickname, user: c.by.id, date: dates[next++]! })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  for (const c of thread) {
    const parent = await insertComment(c, 0);
    for (const r of c.replies) await insertComment(r, parent);
  }
  s.counts.comments! += comments;
  await addLikes(s, 'board', id, likers, date);
}

const EMPTY_POST = {
  etitle: '',
  econtent: '',
  image: '',
  images: '[]',
  location: '',
  price: 0,
  free: BoardFree.paid,
  marketstatus: MarketStatus.intrade,
  parent: 0,
  language: BoardLanguage.korean,
  korean: 1,
  english: 0,
  status: BoardStatus.selling,
  subcategory: '',
};

function withImages(paths: string[]) {
  return { image: paths[0] ?? '', images: JSON.stringify(paths) };
}

/** Every board section's drafts, counted per section. */
export function boardDrafts(s: Seeder, scale: number): BoardDraft[] {
  const simple = (topcategory: number, key: string, templates: PostTemplate[], by: () => Member, located: boolean) =>
    scaled(templates, scale).map((t): BoardDraft => {
      s.counts[key]! += 1;
      return {
        ...EMPTY_POST,
        ...withImages(t.image ? [s.images[t.image]] : []),
        topcategory,
        category: t.category,
        title: t.title,
        content: sanitizeRichText(t.body),
        location: t.location ?? (located ? faker.helpers.arrayElement(LOCATIONS) : ''),
        ...t.about,
        author: by(),
      };
    });
  const member = () => faker.helpers.arrayElement(regulars(s));
  const editor = () => s.editor;

  const news = scaled(NEWS, scale).map((t): BoardDraft => {
    s.counts.news! += 1;
    return {
      ...EMPTY_POST,
      topcategory: TopCategory.news,
      category: t.category,
      title: t.title,
      content: sanitizeRichText(t.body),
      etitle: t.en?.[0] ?? '',
      econtent: t.en ? sanitizeRichText(t.en[1]) : '',
      english: t.en ? 1 : 0,
      // As the board resource derives it for a post written on the site.
      language: t.en ? BoardLanguage.english : BoardLanguage.korean,
      author: s.editor,
    };
  });

  const market = scaled(MARKET, scale).map((t): BoardDraft => {
    s.counts.market! += 1;
    const done = faker.datatype.boolean({ probability: 0.25 });
    return {
      ...EMPTY_POST,
      ...withImages(t.images.map((k) => s.images[k])),
      topcategory: TopCategory.market,
      category: t.category,
      title: t.title,
      content: sanitizeRichText(t.body),
      location: t.location,
      price: t.price,
      free: t.price === 0 ? BoardFree.free : BoardFree.paid,
      marketstatus: done ? MarketStatus.complete : MarketStatus.intrade,
      status: done ? BoardStatus.sold : BoardStatus.selling,
      author: member(),
    };
  });

  return [
    ...news,
    ...simple(TopCategory.life, 'life', LIFE, member, true),
    ...market,
    ...simple(TopCategory.community, 'community', COMMUNITY, member, false),
    ...simple(TopCategory.organizations, 'organizations', ORGANIZATIONS, editor, true),
    ...simple(TopCategory.customer, 'faq', FAQ, editor, false),
  ];
}
