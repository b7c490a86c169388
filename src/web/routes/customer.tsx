import { Link } from '../components/ui/link.tsx';
import { TopCategory } from '#shared/enums.ts';
import { telHref } from '#shared/links.ts';
import { faqPath } from '#shared/site.ts';
import { listContent } from '#server/modules/content/content.service.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { ExpandableList } from '../features/board/board-list.tsx';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/customer.ts';

// 고객센터: the newest FAQ answers opened in place, the way to a 1:1 inquiry, how to reach us and
// how we answer.

export async function loader({ context }: Route.LoaderArgs) {
  const { deps, caller } = context.get(pageContext);
  const faq = await listContent(deps, 'board', caller, { topcategory: TopCategory.customer, size: 5, sort: '-id' });
  const { CONTACT_PHONE: phone, CONTACT_EMAIL: email, CONTACT_HOURS: hours } = deps.env;
  return { siteName: deps.env.SITE_NAME, timeZone: deps.env.SITE_TIMEZONE, faq: faq.items, contact: { phone, email, hours } };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '고객센터') }] : [];
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-slate-800">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  const { phone, email, hours } = d.contact;
  return (
    <SectionFrame title="고객센터" crumbs={[{ label: '고객센터' }]}>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="faq-heading" className="lg:col-span-2">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="faq-heading" className="text-xl font-bold">
              자주 묻는 질문
            </h2>
            <Link to="/customer/faq" className="font-semibold text-brand-700 hover:underline">
              전체 보기 ›
            </Link>
          </div>
          {d.faq.length > 0 ? (
            <ExpandableList items={d.faq} timeZone={d.timeZone} showMeta={false} pageOf={faqPath} />
          ) : (
            <EmptyState title="등록된 질문이 없습니다" />
          )}
        </section>
        <div className="space-y-6">
          <section aria-labelledby="inquiry-heading" className="rounded-xl bg-brand-50 p-5">
            <h2 id="inquiry-heading" className="text-xl font-bold">
              1:1 문의
            </h2>
            <p className="mt-2 text-slate-700">찾는 답이 없나요? 문의를 남기시면 운영진이 답변해 드립니다.</p>
            <Link
              to="/customer/inquiry"
              className="mt-4 inline-flex min-h-12 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
            >
              1:1 문의하기
            </Link>
          </section>
          <section aria-labelledby="contact-heading" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="contact-heading" className="text-xl font-bold">
              문의 안내
            </h2>
            <dl className="mt-3 space-y-3 text-slate-700">
              {/* The operator's contact (README, Configuration); a field left unset is left out. */}
              {phone ? (
                <Fact label="전화">
                  <a href={telHref(phone)} className="text-lg font-semibold text-brand-700 underline">
                    {phone}
                  </a>
                </Fact>
              ) : null}
              {email ? (
                <Fact label="이메일">
                  <a href={`mailto:${email}`} className="break-all text-brand-700 underline">
                    {email}
                  </a>
                </Fact>
              ) : null}
              {hours ? <Fact label="운영 시간">{hours}</Fact> : null}
              <Fact label="답변 확인">
                답변이 등록되면 가입하신 이메일로 알려 드리며,{' '}
                <Link to="/mypage/inquiry" className="text-brand-700 underline">
                  내 문의
                </Link>
                에서 볼 수 있습니다.
              </Fact>
            </dl>
          </section>
        </div>
      </div>
    </SectionFrame>
  );
}
