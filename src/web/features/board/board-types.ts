import type { BoardRecord } from '#shared/api.ts';

/** A board post as the list and detail pages receive it (SPEC §3, with the API's decoded images). */
export type BoardItem = BoardRecord;
