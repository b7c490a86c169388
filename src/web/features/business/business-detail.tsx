import { closedDaysText, type SiteClock } from '#shared/business-hours.ts';
import { Gallery } from '../../components/ui/gallery.tsx';
import { MetaLine } from '../../components/ui/meta-line.tsx';
import { CallButton } from '../../components/ui/call-button.tsx';
import { type BusinessItem, OpenBadge, PremiumBadge, RatingBadge } from './business-list.tsx';

const range = (start: string, end: string) => (start && end ? `${start} ~ ${end}` : '정보 없음');

/** A listing's header: badges, name, photos, and the facts a visitor acts on: hours and closed
 * days, a phone number to tap, the address (opened in a map), the website. */
export function BusinessFacts({ business: b, clock }: { business: BusinessItem; clock: SiteClock }) {
  // A listing saved by a client that sets only SPEC §3's `image` still shows its photo.
  const photos = b.images.length > 0 ? b.images : [b.image].filter(Boolean);
  return (
    <header>
      <p className="flex flex-wrap items-center gap-2">
        {b.type === 2 ? <PremiumBadge /> : null}
        <OpenBadge hours={b} clock={clock} />
        <span className="text-sm text-slate-600">{[b.category, b.subcategory, b.location].filter(Boolean).join(' · ')}</span>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{b.title}</h1>
      <RatingBadge rating={b.rating} reviews={b.reviews} />
      <MetaLine
        parts={[]}
        counts={[
          ['조회', b.count],
          ['좋아요', b.like],
        ]}
      />
      <div className="max-w-xl">
        <Gallery images={photos} title={b.title} />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="hours-title" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="hours-title" className="font-bold">
            영업시간
          </h2>
          <table className="mt-2 w-full text-left">
            <tbody>
              <tr>
                <th scope="row" className="py-1 pr-3 font-semibold text-slate-600">
                  평일
                </th>
                <td>{range(b.starttime, b.endtime)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-1 pr-3 font-semibold text-slate-600">
                  주말
                </th>
                <td>{range(b.weekendstarttime || b.starttime, b.weekendendtime || b.endtime)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-1 pr-3 font-semibold text-slate-600">
                  브레이크
                </th>
                <td>{b.breakstarttime && b.breakendtime ? range(b.breakstarttime, b.breakendtime) : '없음'}</td>
              </tr>
              <tr>
                <th scope="row" className="py-1 pr-3 font-semibold text-slate-600">
                  휴무일
                </th>
                <td>{closedDaysText(b.closeddays) || '없음'}</td>
              </tr>
            </tbody>
          </table>
        </section>
        {/* A listing without a phone, address or website has no empty box for them. */}
        {b.tel || b.address || b.url ? (
          <section aria-label="연락처" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
            {b.tel ? <CallButton tel={b.tel} /> : null}
            {b.address ? (
              <p>
                <span className="font-semibold text-slate-600">주소</span>{' '}
                <a
                  href={`https://maps.google.com/?q=${encodeURIComponent(b.address)}`}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="text-brand-700 underline"
                >
                  {b.address}
                </a>
              </p>
            ) : null}
            {b.url ? (
              <p>
                <span className="font-semibold text-slate-600">웹사이트</span>{' '}
                <a href={b.url} rel="noopener noreferrer nofollow" target="_blank" className="break-all text-brand-700 underline">
                  {b.url}
                </a>
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
    </header>
  );
}
