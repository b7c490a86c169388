import { data, Form, redirect } from 'react-router';
import { formatEventWhen, googleCalendarLink, mapLink } from '#shared/events.ts';
import { REVIEW_LABEL } from '#shared/reports.ts';
import { isAdminLevel } from '#shared/enums.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import { getContent, mayEditContent } from '#server/modules/content/content.service.ts';
import type { Row } from '#server/modules/content/content.types.ts';
import { findOrganization } from '#server/modules/board/board.service.ts';
import { eventDetail, listEventAttendees, toggleRsvp } from '#server/modules/event/event.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { Gallery } from '../components/ui/gallery.tsx';
import { LoginLink } from '../components/ui/login-link.tsx';
import { Link } from '../components/ui/link.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { pageContext } from '../entry.server.tsx';
import { Seats } from '../features/events/event-list.tsx';
import { refusalMessage, orPageError } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import { shareCardMeta } from '../lib/share-card.ts';
import { siteOrigin } from '../lib/site-origin.server.ts';
import { excerpt, htmlToText } from '#shared/text.ts';
import { ShareButton } from '../features/board/share-button.tsx';
import type { Route } from './+types/events-id.ts';

/** The path's id, or the page is not found. */
function eventId(raw: string | undefined): number {
  if (!raw || !isPathId(raw)) throw data('Page not found', { status: 404 });
  return Number(raw);
}

// /events/{id}: when (the next occurrence, a weekly one's day and time), where (with a map link),
// who organizes it, 참석 (a form, so it works without JavaScript) with the count or 마감, the
// calendar file and Google Calendar; its author and admins see who comes.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { deps, caller, actor, https } = context.get(pageContext);
  const id = eventId(params.id);
  const item = await orPageError(() => getContent(deps, 'event', caller, id));
  const detail = await eventDetail(deps, actor, item);
  const organizer = actor && (actor.id === item.user || isAdminLevel(actor.level));
  const [organization, attendees, editable] = await Promise.all([
    item.organization ? findOrganization(deps, item.organization) : undefined,
    organizer ? listEventAttendees(deps, caller, id).then((a) => a.items) : undefined,
    actor ? mayEditContent(deps, 'event', actor, item as unknown as Row) : false,
  ]);
  const link = `${deps.env.SITE_URL ?? ''}/events/${id}`;
  return {
    siteName: deps.env.SITE_NAME,
    origin: siteOrigin(deps.env, request, https),
    path: `/events/${id}`,
    item: { ...item, ...detail },
    organization,
    attendees,
    editable,
    member: actor !== undefined,
    google: googleCalendarLink(item, deps.env.SITE_TIMEZONE, link),
  };
}

/** 참석 without JavaScript: the same service as the API, then the page again (or its refusal). */
export async function action({ params, context }: Route.ActionArgs) {
  const { deps, caller } = context.get(pageContext);
  const id = eventId(params.id);
  try {
    await toggleRsvp(deps, caller, id);
  } catch (err) {
    const problem = refusalMessage(err);
    if (!problem) throw err;
    return data({ problem }, { status: 400 });
  }
  throw redirect(`/events/${id}`);
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const { item } = d;
  const when = item.next ?? item.startdate;
  const description =
    excerpt(htmlToText(item.content), 160) || [formatEventWhen(item, when), item.place].filter(Boolean).join(' · ') || `${d.siteName} 행사`;
  return [
    { title: pageTitle(d.siteName, item.title) },
    { name: 'description', content: description },
    ...shareCardMeta({ siteName: d.siteName, origin: d.origin, path: d.path, title: item.title, description, image: item.images[0] }),
  ];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  const { item } = d;
  const where = [item.place, item.address].filter(Boolean).join(', ');
  const full = item.capacity > 0 && item.attendees >= item.capacity;
  return (
    <SectionFrame title={item.title} crumbs={[{ label: '행사', to: '/events' }, { label: item.title }]}>
      {item.hidden === 2 ? (
        <p className="mb-3 inline-block rounded bg-amber-100 px-2 py-1 font-semibold text-amber-900">{REVIEW_LABEL}</p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-lg">
        <dt className="font-semibold text-slate-600">분류</dt>
        <dd>{item.category}</dd>
        <dt className="font-semibold text-slate-600">일시</dt>
        <dd>
          {item.next ? formatEventWhen(item, item.next) : <span>{formatEventWhen(item, item.startdate)} (지난 행사)</span>}
          {item.weekday && item.enddate ? <span className="block text-base text-slate-600">{item.enddate}까지</span> : null}
          {!item.weekday && item.enddate && item.enddate !== item.startdate ? (
            <span className="block text-base text-slate-600">{`${item.startdate} ~ ${item.enddate}`}</span>
          ) : null}
        </dd>
        {where ? (
          <>
            <dt className="font-semibold text-slate-600">장소</dt>
            <dd>
              {where}{' '}
              <a href={mapLink(item.address || item.place)} className="text-brand-700 underline" target="_blank" rel="noreferrer">
                지도 보기
              </a>
            </dd>
          </>
        ) : null}
        {d.organization ? (
          <>
            <dt className="font-semibold text-slate-600">주최</dt>
            <dd>
              <Link to={`/organizations/${d.organization.id}`} className="text-brand-700 underline">
                {d.organization.title}
              </Link>
            </dd>
          </>
        ) : null}
        {item.url ? (
          <>
            <dt className="font-semibold text-slate-600">안내</dt>
            <dd className="break-all">
              <a href={item.url} className="text-brand-700 underline" target="_blank" rel="noreferrer nofollow">
                {item.url}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="my-5 flex flex-wrap items-center gap-3">
        {d.member ? (
          <Form method="post">
            <button
              type="submit"
              disabled={full && !item.attending}
              aria-pressed={item.attending}
              className="min-h-12 rounded-lg border border-brand-700 px-5 font-semibold text-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white disabled:border-slate-300 disabled:text-slate-500"
            >
              {item.attending ? '참석 취소' : full ? '마감' : '참석'}
            </button>
          </Form>
        ) : (
          <LoginLink
            next={`/events/${item.id}`}
            className="inline-flex min-h-12 items-center rounded-lg border border-brand-700 px-5 font-semibold text-brand-700"
          >
            로그인하고 참석
          </LoginLink>
        )}
        <Seats capacity={item.capacity} attendees={item.attendees} />
        <a href={`/events/${item.id}.ics`} className="text-brand-700 underline">
          내 캘린더에 추가 (.ics)
        </a>
        <a href={d.google} className="text-brand-700 underline" target="_blank" rel="noreferrer">
          Google 캘린더
        </a>
        {d.editable ? (
          <Link to={`/events/write?id=${item.id}`} className="text-brand-700 underline">
            행사 수정
          </Link>
        ) : null}
      </div>
      {actionData?.problem ? (
        <p role="alert" className="mb-4 font-semibold text-red-700">
          {actionData.problem}
        </p>
      ) : null}
      <Gallery images={item.images} title={item.title} />
      <RichText html={item.content} className="mt-4" />
      <div className="mt-6 border-t border-slate-100 pt-4">
        <ShareButton title={item.title} />
      </div>
      {d.attendees ? (
        <section className="mt-6">
          <h2 className="text-lg font-bold">참석자 {d.attendees.length}명</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {d.attendees.map((a) => (
              <li key={a.user} className="rounded bg-slate-100 px-2 py-1">
                {a.nickname}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </SectionFrame>
  );
}
