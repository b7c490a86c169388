import { useState } from 'react';
import { data, redirect } from 'react-router';
import { EventAllday } from '#shared/events.ts';
import { TopCategory, isStaffLevel } from '#shared/enums.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import type { Row } from '#server/modules/content/content.types.ts';
import { createContent, getContent, listContentItems, mayEditContent, updateContent } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { ImagePicker } from '../features/editor/image-picker.tsx';
import { EVENT_FORM_FIELDS, EventForm, type EventText, type EventTyped } from '../features/events/event-form.tsx';
import { refusedForm } from '../lib/form-action.server.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { htmlToLines, linesToHtml } from '../lib/paragraphs.ts';
import { orPageError } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/events-write.ts';

// /events/write: a member's new event. Staff publish at once; other members' events wait for an
// admin (the page then says so). /events/write?id=N edits one, for its author, the editors of its
// organization and admins. The form posts here, with or without JavaScript, and the action calls
// the same services as POST and PUT /api/event.

async function organizationsOf(context: Route.LoaderArgs['context']) {
  const { deps, caller } = context.get(pageContext);
  const items = await listContentItems(deps, 'board', caller, { topcategory: TopCategory.organizations, size: 100, sort: 'id' }, [
    'id',
    'title',
  ]);
  return items.map((o) => ({ id: o.id, title: o.title }));
}

/** The event edited (`?id=N`), for whoever may edit it (the server checks again on save), or
 * none for a new one. */
async function editedEvent(request: Request, context: Route.LoaderArgs['context']) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const idText = new URL(request.url).searchParams.get('id');
  if (idText === null) return { actor, item: undefined };
  if (!isPathId(idText)) throw data('Page not found', { status: 404 });
  const item = await orPageError(() => getContent(deps, 'event', caller, Number(idText)));
  if (!(await mayEditContent(deps, 'event', actor, item as unknown as Row))) {
    throw data('행사를 올린 회원, 주최 단체의 편집자와 관리자만 수정할 수 있습니다', { status: 403 });
  }
  return { actor, item };
}

/** A stored event as the form shows it. */
function typedOf(item: NonNullable<Awaited<ReturnType<typeof editedEvent>>['item']>): EventTyped {
  const typed = Object.fromEntries(EVENT_FORM_FIELDS.map((f) => [f, String(item[f] ?? '')])) as EventText;
  return {
    ...typed,
    allday: item.allday === EventAllday.yes ? '1' : '',
    capacity: item.capacity ? String(item.capacity) : '',
    content: htmlToLines(item.content),
    images: item.images,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, item } = await editedEvent(request, context);
  const { deps } = context.get(pageContext);
  return {
    siteName: deps.env.SITE_NAME,
    organizations: await organizationsOf(context),
    publishes: isStaffLevel(actor.level),
    editId: item?.id ?? 0,
    values: item ? typedOf(item) : undefined,
  };
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
    images: typed.images ?? [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { item } = await editedEvent(request, context);
  const { deps, caller } = context.get(pageContext);
  const sent = await request.formData();
  const typed: EventTyped = {
    ...(Object.fromEntries(EVENT_FORM_FIELDS.map((f) => [f, String(sent.get(f) ?? '')])) as EventText),
    images: sent.getAll('images').map(String),
  };
  let id = item?.id ?? 0;
  try {
    if (item) await updateContent(deps, 'event', caller, { id, ...eventFields(typed) });
    else ({ id } = await createContent(deps, 'event', caller, eventFields(typed)));
  } catch (err) {
    return refusedForm(err, typed, [...EVENT_FORM_FIELDS, 'images'], 'title');
  }
  throw redirect(`/events/${id}`);
}

/** The most photos an event keeps, as a post does. */
const MAX_PHOTOS = 10;

/** The event's photos: uploaded with JavaScript; those already there are sent back as they are. */
function EventPhotos({ initial, error }: { initial: string[]; error?: string }) {
  const [images, setImages] = useState(initial);
  return <ImagePicker images={images} max={MAX_PHOTOS} error={error} onChange={setImages} />;
}

/** The page's title: a new event's or an edit's. */
const titleOf = (editId: number) => (editId ? '행사 수정' : '행사 등록');

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, titleOf(d.editId)) }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  const title = titleOf(d.editId);
  const sent = actionData ?? d.values;
  return (
    <SectionFrame title={title} crumbs={[{ label: '행사', to: '/events' }, { label: title }]}>
      {d.editId ? null : (
        <p className="mb-4 text-slate-700">
          {d.publishes
            ? '등록하면 바로 게시됩니다.'
            : '등록한 행사는 관리자가 확인한 뒤 게시됩니다. 그 전까지는 나에게만 검토 중으로 보입니다.'}
        </p>
      )}
      {/* Keyed by the event: another `?id=` on the same route starts a fresh form. */}
      <EventForm
        key={d.editId}
        sent={sent}
        organizations={d.organizations}
        editing={d.editId > 0}
        photos={<EventPhotos initial={sent?.images ?? []} error={actionData?.problems?.images} />}
      />
    </SectionFrame>
  );
}
