import { notificationLive } from '#server/modules/notification/notification.live.ts';
import type { LiveSource } from './live-source.ts';

/** Every source of the members' live streams, one line each (live-source.ts says what one is). */
export const LIVE_SOURCES: readonly LiveSource[] = [notificationLive];
