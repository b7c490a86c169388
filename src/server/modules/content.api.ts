import { type Hono } from 'hono';
import { type AppEnv, type Deps } from '#server/http/context.ts';
import { contentHandlers } from '#server/resource/content-resource.ts';
import { type ResourceHandlers, resourceRoutes } from '#server/resource/routes.ts';
import { boardResource } from './board/board.resource.ts';
import { businessResource } from './business/business.resource.ts';
import { inquiryResource } from './inquiry/inquiry.resource.ts';
import { jobsResource } from './jobs/jobs.resource.ts';
import { mainscheduleResource } from './mainschedule/mainschedule.resource.ts';

export type ContentName = 'board' | 'jobs' | 'business' | 'inquiry' | 'mainschedule';

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

/** SPEC §7's "same set" for each content resource, mounted at /api/<name>. */
export function contentRoutes(deps: Deps): [string, Hono<AppEnv>][] {
  return Object.entries(contentServices(deps)).map(([name, handlers]) => [`/${name}`, resourceRoutes(handlers)]);
}
