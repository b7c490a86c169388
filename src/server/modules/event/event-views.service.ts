import { addDays, EventAllday, occurrencesBetween } from '#shared/events.ts';
import type { Caller, Deps } from '#server/context.ts';
import { listContent } from '#server/modules/content/content.service.ts';
import { nextEventDate } from './event.service.ts';

// What the events' pages read (/events: the upcoming list and the month view), through the
// content call set, so held events and filters follow the same rules as the API's lists.

/** The upcoming list's page: shown events not over yet, each with its next occurrence, soonest
 * first within the page. */
export async function listUpcomingEvents(deps: Deps, caller: Caller, query: { page: number; size: number; category?: string }) {
  const result = await listContent(deps, 'event', caller, { ...query, upcoming: '1' });
  const items = result.items.map((e) => ({ ...e, next: nextEventDate(deps, e) })).filter((e) => e.next);
  items.sort((a, b) => (a.next + a.starttime < b.next + b.starttime ? -1 : 1));
  return { ...result, items };
}

/** The month view: each day of `month` (YYYY-MM) with the events that happen on it. */
export async function eventMonth(deps: Deps, caller: Caller, month: string, category?: string) {
  const from = `${month}-01`;
  const to = addDays(`${addDays(from, 31).slice(0, 7)}-01`, -1);
  const { items } = await listContent(deps, 'event', caller, { from, to, category, size: 100, page: 1 });
  const days = new Map<string, { id: number; title: string; time: string }[]>();
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, []);
  for (const e of items) {
    const time = e.allday === EventAllday.yes ? '종일' : e.starttime;
    for (const d of occurrencesBetween(e, from, to)) days.get(d)?.push({ id: e.id, title: e.title, time });
  }
  return [...days].map(([date, events]) => ({ date, events: events.sort((a, b) => (a.time < b.time ? -1 : 1)) }));
}
