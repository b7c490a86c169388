import { boardResource } from '#server/modules/board/board.resource.ts';
import { eventResource } from '#server/modules/event/event.resource.ts';
import { businessResource } from '#server/modules/business/business.resource.ts';
import { housingResource } from '#server/modules/housing/housing.resource.ts';
import { inquiryResource } from '#server/modules/inquiry/inquiry.resource.ts';
import { jobsResource } from '#server/modules/jobs/jobs.resource.ts';
import { mainscheduleResource } from '#server/modules/mainschedule/mainschedule.resource.ts';
import type { ContentName, ContentResource } from './content.types.ts';

/** The declarations, by the name each is mounted under (/api/<name>). */
export const CONTENT_RESOURCES: { [N in ContentName]: ContentResource<N> } = {
  board: boardResource,
  jobs: jobsResource,
  business: businessResource,
  housing: housingResource,
  inquiry: inquiryResource,
  mainschedule: mainscheduleResource,
  event: eventResource,
};

export const CONTENT_NAMES = Object.keys(CONTENT_RESOURCES) as ContentName[];

/** The kinds whose authors close a sale with a buyer (their resource's `close.buyer`). */
export const SALE_KINDS = CONTENT_NAMES.filter((n) => CONTENT_RESOURCES[n].close?.buyer);
