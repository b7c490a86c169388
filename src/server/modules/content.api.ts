import type { Hono } from 'hono';
import type { SectionTable } from '#shared/schemas/content.ts';
import type { AppEnv, Caller, Deps } from '#server/http/context.ts';
import type { Visitor } from '#server/modules/view/visitor.ts';
import { trackerOf } from '#server/db/write-tracker.ts';
import { AnswerCache } from '#server/http/answer-cache.ts';
import { contentHandlers } from '#server/resource/content-resource.ts';
import { type ResourceHandlers, resourceRoutes } from '#server/resource/routes.ts';
import { listPageOfPost } from './board/board.repository.ts';
import { boardResource } from './board/board.resource.ts';
import { businessResource } from './business/business.resource.ts';
import { inquiryResource } from './inquiry/inquiry.resource.ts';
import { jobsResource } from './jobs/jobs.resource.ts';
import { mainscheduleResource } from './mainschedule/mainschedule.resource.ts';

export type ContentName = SectionTable | 'inquiry' | 'mainschedule';

const services = new WeakMap<Deps, Record<ContentName, ResourceHandlers>>();

/** The content services, built once per server; page loaders call these in-process. */
export function contentServices(deps: Deps): Record<ContentName, ResourceHandlers> {
  let s = services.get(deps);
  if (!s) {
    s = {
      board: contentHandlers(deps, boardResource),
      jobs: contentHandlers(deps, jobsResource),
      business: contentHandlers(deps, businessResource),
      inquiry: contentHandlers(deps, inquiryResource),
      mainschedule: contentHandlers(deps, mainscheduleResource),
    };
    services.set(deps, s);
  }
  return s;
}

/** Lists for visitors: 16 MB of JSON answers. */
const LIST_CACHE_BYTES = 16 * 1024 * 1024;

/** SPEC §7's "same set" for each content resource, mounted at /api/<name>; visitors' lists are
 * answered from one cache for all of them. */
export function contentRoutes(deps: Deps): [string, Hono<AppEnv>][] {
  const tracker = trackerOf(deps.db);
  const cache = tracker ? new AnswerCache<string>(tracker, LIST_CACHE_BYTES, (json) => json.length * 2) : undefined;
  return Object.entries(contentServices(deps)).map(([name, handlers]) => [`/${name}`, resourceRoutes(handlers, undefined, cache)]);
}

/** One item for a page loader: GET /api/<name>/{id}'s checks, counting a view for `visitor` when
 * one is given; a new anonymous visitor's cookie is the loader's to send. */
export async function getForPage(deps: Deps, name: SectionTable | 'inquiry', caller: Caller, id: number, visitor?: Visitor) {
  const { item } = (await contentServices(deps)[name].get(caller, id, visitor)) as { item: Record<string, unknown> };
  return item;
}

/** The previous (older) and next (newer) visible item of the same list as `id`; board posts stay
 * within their topcategory. For a detail page's 이전 글 / 다음 글. */
export async function neighbours(deps: Deps, name: SectionTable, id: number, topcategory?: number) {
  const near = (older: boolean) => {
    let q = deps.db
      .selectFrom(name)
      .select(['id', 'title'])
      .where('hidden', '=', 0)
      .where('id', older ? '<' : '>', id)
      .orderBy('id', older ? 'desc' : 'asc')
      .limit(1);
    if (name === 'board' && topcategory !== undefined) q = q.where('topcategory' as never, '=', topcategory as never);
    return q.executeTakeFirst() as Promise<{ id: number; title: string } | undefined>;
  };
  const [prev, next] = await Promise.all([near(true), near(false)]);
  return { prev: prev ?? null, next: next ?? null };
}

/** The page of a board section's list (newest first, `size` to a page) that shows a visible post:
 * for a link to an entry that opens in place (FAQ, organizations) past the first page. */
export function pageOfPost(deps: Deps, topcategory: number, id: number, size: number): Promise<number> {
  return listPageOfPost(deps.db, topcategory, id, size);
}
