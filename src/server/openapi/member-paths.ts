import { MemberProfileQuerySchema } from '#shared/schemas/member.ts';
import { positiveId } from '#shared/schemas/fields.ts';
import { ReviewRatingLabel, ReviewTagLabel } from '#shared/trust.ts';
import { type Obj, type Schema, integer, okWith, pathParameter, queryParameters, text, toSchema } from './json-schema.ts';
import { op } from './operation.ts';

const codes = (labels: Record<number, string>) =>
  Object.entries(labels)
    .map(([code, label]) => `${code} ${label}`)
    .join(', ');

/** /api/member (PRODUCT.md "Members and trust"): members' public profiles. */
export function memberPaths(): Record<string, Obj> {
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
  };
}
