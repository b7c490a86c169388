import { MemberProfileQuerySchema } from '#shared/schemas/member.ts';
import { ReviewSaveSchema, SoldSchema } from '#shared/schemas/review.ts';
import { BusinessReviewSaveSchema, ReviewReplySchema } from '#shared/schemas/business-review.ts';
import { SuspendSchema } from '#shared/schemas/suspension.ts';
import { positiveId } from '#shared/schemas/fields.ts';
import { ReviewRatingLabel, ReviewTagLabel } from '#shared/trust.ts';
import { type Obj, type Schema, integer, okWith, pathParameter, queryParameters, text, toSchema } from './json-schema.ts';
import { op } from './operation.ts';

const codes = (labels: Record<number, string>) =>
  Object.entries(labels)
    .map(([code, label]) => `${code} ${label}`)
    .join(', ');

/** /api/member, /api/review and a sale's close (PRODUCT.md "Members and trust"). `saleKinds`: the
 * kinds sold with a buyer. */
export function memberPaths(saleKinds: readonly string[]): Record<string, Obj> {
  const item = (closed: boolean): Schema => ({
    type: 'object',
    properties: {
      section: { ...text, description: "The section's key (market, jobs, community ...)." },
      id: integer,
      title: text,
      date: text,
      ...(closed ? { closed: { type: 'boolean', description: 'Sold, filled or closed.' } } : {}),
    },
  });
  const profile: Schema = {
    type: 'object',
    properties: {
      id: integer,
      nickname: text,
      joined: { ...text, description: 'When the member signed up (ISO 8601, UTC).' },
      posts: {
        type: 'object',
        description: 'A page of their board posts in every section but the listings, newest first.',
        properties: { items: { type: 'array', items: item(false) }, total: integer, page: integer, size: integer },
      },
      listings: {
        type: 'object',
        description: 'Their newest listings (market, jobs ...), closed ones included.',
        properties: { items: { type: 'array', items: item(true) }, total: integer },
      },
      reviews: {
        type: 'object',
        properties: {
          counts: { type: 'object', description: `Reviews received by rating: ${codes(ReviewRatingLabel)}.` },
          latest: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                rating: integer,
                tags: { type: 'array', items: integer, description: codes(ReviewTagLabel) },
                content: text,
                date: text,
              },
            },
          },
        },
      },
      badges: { type: 'array', items: text, description: '거래 N회, 가입 1년.' },
    },
  };
  return {
    '/api/member/{id}': {
      get: op({
        tag: 'member',
        id: 'memberProfile',
        summary: "A member's profile: nickname, posts, listings, reviews received, badges",
        description: 'The same for everyone; never e-mail, name or phone. A member who left: 404.',
        parameters: [pathParameter('id', toSchema(positiveId)), ...queryParameters(MemberProfileQuerySchema)],
        answer: okWith({ item: profile }),
        errors: [404],
      }),
    },
    '/api/review': {
      post: op({
        tag: 'member',
        id: 'reviewAdd',
        summary: 'Review the other party of a sale, once',
        description:
          `Rating: ${codes(ReviewRatingLabel)}. Tags: ${codes(ReviewTagLabel)}. ` +
          'Only the seller and the buyer the seller named may review, each the other: anyone else 403; a second review 400 `already`.',
        session: true,
        body: toSchema(ReviewSaveSchema),
        answer: okWith({ id: integer }),
        errors: [403],
      }),
    },
    '/api/admin/user/{id}/suspend': {
      post: op({
        tag: 'admin',
        id: 'userSuspend',
        summary: 'Suspend a member for some days with a reason; days 0 ends it',
        description:
          'A suspended member reads and logs in, but every other write answers 403 `suspended` with the end in `detail`, ' +
          'until it ends by itself. Audited. Admins only, on members of a lower level.',
        session: true,
        parameters: [pathParameter('id', toSchema(positiveId))],
        body: toSchema(SuspendSchema),
        answer: okWith({ id: integer, until: { ...text, description: "ISO 8601 UTC; '' when ended." }, reason: text }),
        errors: [403, 404],
      }),
    },
    ...Object.fromEntries(saleKinds.flatMap((kind) => salePaths(kind))),
    ...businessReviewPaths(),
  };
}

/** Business reviews, their owner's answer, and the queue that holds some of them. */
function businessReviewPaths(): Record<string, Obj> {
  const id = [pathParameter('id', toSchema(positiveId))];
  const review: Schema = {
    type: 'object',
    properties: {
      id: integer,
      user: integer,
      nickname: text,
      rating: integer,
      content: text,
      reply: { ...text, description: "The business owner's answer; '' for none." },
      replydate: text,
      date: text,
      held: { type: 'boolean', description: 'Only on the caller’s own review while it waits for an admin (검토 중).' },
    },
  };
  return {
    '/api/business/{id}/review': {
      get: op({
        tag: 'member',
        id: 'businessReviews',
        summary: "A business's counted reviews, newest first, and the caller's own one still waiting",
        parameters: id,
        answer: okWith({ items: { type: 'array', items: review } }),
        errors: [404],
      }),
      post: op({
        tag: 'member',
        id: 'businessReviewAdd',
        summary: 'Review a business: a rating of 1 to 5 and 10 to 1,000 characters, once per member',
        description:
          'Not on your own listing (403); a second review 400 `already`. From an account under 7 days old, or the sixth within ' +
          '24 hours on one business (held ones included), it waits for an admin (GET /api/admin/queue, target `review`) before ' +
          'it counts, and the answer says `held: true`. The business carries `rating` (the average, one decimal) and `reviews`.',
        session: true,
        parameters: id,
        body: toSchema(BusinessReviewSaveSchema),
        answer: okWith({ id: integer, held: { type: 'boolean' } }),
        errors: [403, 404],
      }),
    },
    '/api/review/{id}/reply': {
      put: op({
        tag: 'member',
        id: 'businessReviewReply',
        summary: "The business owner's answer to a review, once",
        description: 'Only the listing’s author (403); a second answer 400 `already`.',
        session: true,
        parameters: id,
        body: toSchema(ReviewReplySchema),
        answer: okWith({ id: integer }),
        errors: [403, 404],
      }),
    },
  };
}

/** A sale kind's close with a buyer, and whom the seller may name. */
function salePaths(kind: string): [string, Obj][] {
  const id = [pathParameter('id', toSchema(positiveId))];
  const member: Schema = { type: 'object', properties: { id: integer, nickname: text } };
  return [
    [
      `/api/${kind}/{id}/buyers`,
      {
        get: op({
          tag: 'member',
          id: `${kind}Buyers`,
          summary: 'The members who talked with the seller about the item: whom they may name as its buyer',
          description: 'Its seller only: anyone else 403.',
          session: true,
          parameters: id,
          answer: okWith({ items: { type: 'array', items: member } }),
          errors: [403, 404],
        }),
      },
    ],
    [
      `/api/${kind}/{id}/sold`,
      {
        put: op({
          tag: 'member',
          id: `${kind}Sold`,
          summary: '거래완료 by the seller, with the buyer if they name one',
          description:
            'The buyer must have a conversation with the seller about the item (400 `invalid`, field `buyer`); a buyer is named once ' +
            '(400 `already`). Then the two may review each other (POST /api/review). Anyone but the seller: 403.',
          session: true,
          parameters: id,
          body: toSchema(SoldSchema),
          answer: okWith({ id: integer, buyer: { ...integer, description: '0 when none was named.' } }),
          errors: [403, 404],
        }),
      },
    ],
  ];
}
