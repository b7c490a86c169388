import { ListingTables } from '#shared/freshness.ts';
import { integer, okWith, pathParameter, text } from './json-schema.ts';
import type { Obj } from './json-schema.ts';
import { op } from './operation.ts';

/** 끌어올리기 (modules/freshness): renew a listing (a market post, a job, a home) and lift it to the top. */
export function freshnessPaths(): Record<string, Obj> {
  const bumped = okWith({
    item: {
      type: 'object',
      properties: {
        id: integer,
        bumpdate: { ...text, description: 'The bump: now (ISO 8601, UTC).' },
        expiredate: { ...text, description: 'When the listing closes now.' },
        closed: { ...integer, description: '0: listed again.' },
        nextbump: { ...text, description: 'The earliest next bump (24 hours on).' },
      },
    },
  });
  const bump = (tag: string) => ({
    post: op({
      tag,
      id: `${tag}Bump`,
      summary: 'Bump a listing: renew it and lift it to the top of its list',
      description:
        'The author or an admin, once in 24 hours (sooner: 400 `too soon`, `detail` says when in Korean). A market listing or a home stays 30 days from the bump; a job until its deadline, or 30 days without one (a passed deadline: 400 on `limitdate`).',
      session: true,
      parameters: [pathParameter('id', { type: 'integer', minimum: 1 })],
      answer: bumped,
      errors: [403, 404],
    }),
  });
  return Object.fromEntries(ListingTables.map((table) => [`/api/${table}/{id}/bump`, bump(table)]));
}
