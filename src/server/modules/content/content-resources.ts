import { boardResource } from '#server/modules/board/board.resource.ts';
import { businessResource } from '#server/modules/business/business.resource.ts';
import { inquiryResource } from '#server/modules/inquiry/inquiry.resource.ts';
import { jobsResource } from '#server/modules/jobs/jobs.resource.ts';
import { mainscheduleResource } from '#server/modules/mainschedule/mainschedule.resource.ts';
import type { ContentName, ContentResource } from './content.types.ts';

/** The five declarations, by the name each is mounted under (/api/<name>). */
export const CONTENT_RESOURCES: { [N in ContentName]: ContentResource<N> } = {
  board: boardResource,
  jobs: jobsResource,
  business: businessResource,
  inquiry: inquiryResource,
  mainschedule: mainscheduleResource,
};

export const CONTENT_NAMES = Object.keys(CONTENT_RESOURCES) as ContentName[];

/** The kinds whose authors close a sale with a buyer (their resource's `close.buyer`). */
export const SALE_KINDS = CONTENT_NAMES.filter((n) => CONTENT_RESOURCES[n].close?.buyer);
