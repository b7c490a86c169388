import type { BoardRecord, OrganizationEvent } from '#shared/api.ts';
import { formatEventWhen, mapLink } from '#shared/events.ts';
import { CallButton } from '../../components/ui/call-button.tsx';
import { Gallery } from '../../components/ui/gallery.tsx';
import { Link } from '../../components/ui/link.tsx';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { forKeepers } from '../../lib/me.ts';

// An organization's page (PRODUCT.md "Organizations and events"): who they are, how to reach them
// (a phone to tap, mail, the address in a map, the site, the KakaoTalk open chat), what they do,
// who runs it, when they are open, and their upcoming events.

const LINK = 'break-all text-brand-700 underline';

/** The ways to reach it, each only where it has one. */
function Contacts({ org }: { org: BoardRecord }) {
  if (!org.tel && !org.email && !org.address && !org.url && !org.kakao) return null;
  return (
    <section aria-label="연락처" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      {org.tel ? <CallButton tel={org.tel} /> : null}
      {org.kakao ? (
        <a
          href={org.kakao}
          rel="noopener noreferrer nofollow"
          target="_blank"
          className="flex min-h-12 items-center justify-center rounded-lg bg-yellow-300 px-4 py-2 text-lg font-bold text-slate-900 hover:bg-yellow-400"
        >
          카카오톡 오픈채팅
        </a>
      ) : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2">
        {org.address ? (
          <>
            <dt className="font-semibold text-slate-600">주소</dt>
            <dd>
              <a href={mapLink(org.address)} rel="noopener noreferrer" target="_blank" className={LINK}>
                {org.address}
              </a>
            </dd>
          </>
        ) : null}
        {org.email ? (
          <>
            <dt className="font-semibold text-slate-600">이메일</dt>
            <dd>
              <a href={`mailto:${org.email}`} className={LINK}>
                {org.email}
              </a>
            </dd>
          </>
        ) : null}
        {org.url ? (
          <>
            <dt className="font-semibold text-slate-600">웹사이트</dt>
            <dd>
              <a href={org.url} rel="noopener noreferrer nofollow" target="_blank" className={LINK}>
                {org.url}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** A text of several lines as written (officers, hours). */
function Lines({ title, text }: { title: string; text: string }) {
  if (!text) return null;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="font-bold">{title}</h2>
      <p className="mt-2 break-words whitespace-pre-line">{text}</p>
    </section>
  );
}

/** Its upcoming events, next occurrence first, each with its weekday and time. */
export function OrganizationEvents({ events }: { events: readonly OrganizationEvent[] }) {
  return (
    <section aria-labelledby="org-events" className="mt-6">
      <h2 id="org-events" className="text-xl font-bold">
        다가오는 행사
      </h2>
      {events.length ? (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {events.map((e) => (
            <li key={e.id} className="px-4 py-3">
              <Link to={`/events/${e.id}`} className="group block">
                <span className="text-sm font-semibold text-brand-700">{`[${e.category}]`}</span>{' '}
                <span className="text-lg font-medium break-words group-hover:underline">{e.title}</span>
                <span className="block text-slate-700">{formatEventWhen(e, e.next)}</span>
                {e.place ? <span className="block text-sm text-slate-600">{e.place}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">예정된 행사가 없습니다.</p>
      )}
    </section>
  );
}

export function OrganizationPage({ org }: { org: BoardRecord }) {
  // A post saved with only SPEC §3's `image` still shows its logo.
  const photos = org.images.length > 0 ? org.images : [org.image].filter(Boolean);
  return (
    <article>
      <header>
        {org.category ? <p className="text-sm font-semibold text-brand-700">{org.category}</p> : null}
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{org.title}</h1>
        <MetaLine
          parts={[]}
          counts={[
            ['조회', org.count],
            ['좋아요', org.like],
          ]}
        />
        <p {...forKeepers(org.editors ?? [])} className="mt-2">
          <Link to={`/organizations/write?id=${org.id}`} className="font-semibold text-brand-700 underline">
            단체 정보 수정
          </Link>
        </p>
      </header>
      <div className="max-w-xl">
        <Gallery images={photos} title={org.title} />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Contacts org={org} />
        <Lines title="운영 시간" text={org.hours} />
        <Lines title="임원진" text={org.officers} />
      </div>
      <section aria-labelledby="org-about" className="mt-6">
        <h2 id="org-about" className="text-xl font-bold">
          단체 소개
        </h2>
        <RichText html={org.content} className="mt-2" />
      </section>
      <OrganizationEvents events={org.events ?? []} />
    </article>
  );
}
