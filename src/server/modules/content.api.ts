import { type Hono } from 'hono';
import { type AppEnv, type Deps } from '#server/http/context.ts';
import { contentHandlers } from '#server/resource/content-resource.ts';
import { resourceRoutes } from '#server/resource/routes.ts';
import { boardResource } from './board/board.resource.ts';
import { businessResource } from './business/business.resource.ts';
import { inquiryResource } from './inquiry/inquiry.resource.ts';
import { jobsResource } from './jobs/jobs.resource.ts';
import { mainscheduleResource } from './mainschedule/mainschedule.resource.ts';

/** SPEC §7's "same set" for each content resource, mounted at /api/<name>. */
export function contentRoutes(deps: Deps): [string, Hono<AppEnv>][] {
  return [
    ['/board', resourceRoutes(contentHandlers(deps, boardResource))],
    ['/jobs', resourceRoutes(contentHandlers(deps, jobsResource))],
    ['/business', resourceRoutes(contentHandlers(deps, businessResource))],
    ['/inquiry', resourceRoutes(contentHandlers(deps, inquiryResource))],
    ['/mainschedule', resourceRoutes(contentHandlers(deps, mainscheduleResource))],
  ];
}
