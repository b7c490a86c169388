import { redirect } from 'react-router';
import { EventAllday } from '#shared/events.ts';
import { TopCategory, isStaffLevel } from '#shared/enums.ts';
import { createContent, listContentItems } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { EVENT_FORM_FIELDS, EventForm, type EventTyped } from '../features/events/event-form.tsx';
import { formFields, refusedForm } from '../lib/form-action.server.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { linesToHtml } from '../lib/paragraphs.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/events-write.ts';

// /events/write: a member's new event. Staff publish at once; other members' events wait for an
// admin (the page then says so). The form posts here, with or without JavaScript, and the action
// calls the same service as POST /api/event.

async function organizationsOf(context: Route.LoaderArgs['context']) {
  const { deps, caller } = context.get(pageContext);
  const items = await listContentItems(deps, 'board', caller, { topcategory: TopCategory.organizations, size: 100, sort: 'id' }, [
    'id',
    'title',
  ]);
  return items.map((o) => ({ id: o.id, title: o.title }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps } = context.get(pageContext);
  return { siteName: deps.env.SITE_NAME, organizations: await organizationsOf(context), publishes: isStaffLevel(actor.level) };
}

/** The typed form as the save's fields. */
function eventFields(typed: EventTyped) {
  return {
    ...typed,
    allday: typed.allday === '1' ? EventAllday.yes : EventAllday.no,
    weekday: Number(typed.weekday || 0),
    organization: Number(typed.organization || 0),
    capacity: typed.capacity.trim() === '' ? 0 : Number(typed.capacity),
    content: linesToHtml(typed.content.trim()),
    title: typed.title.trim(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const form = await formFields(request);
  const typed = Object.fromEntries(EVENT_FORM_FIELDS.map((f) => [f, String(form[f] ?? '')])) as EventTyped;
  let id: number;
  try {
    ({ id } = await createContent(deps, 'event', caller, eventFields(typed)));
  } catch (err) {
    return refusedForm(err, typed, EVENT_FORM_FIELDS, 'title');
  }
  throw redirect(`/events/${id}`);
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '행사 등록') }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <SectionFrame title="행사 등록" crumbs={[{ label: '행사', to: '/events' }, { label: '행사 등록' }]}>
      <p className="mb-4 text-slate-700">
        {d.publishes
          ? '등록하면 바로 게시됩니다.'
          : '등록한 행사는 관리자가 확인한 뒤 게시됩니다. 그 전까지는 나에게만 검토 중으로 보입니다.'}
      </p>
      <EventForm sent={actionData} organizations={d.organizations} />
    </SectionFrame>
  );
}
