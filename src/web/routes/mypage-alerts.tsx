import { koreanDetail, Messages } from '#shared/messages.ts';
import { data, redirect } from 'react-router';
import { ALERT_MAX } from '#shared/alerts.ts';
import { AlertDeleteSchema, AlertSaveSchema } from '#shared/schemas/alert.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { addAlert, listAlerts, removeAlert } from '#server/modules/alert/alert.service.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AlertForm, AlertList } from '../features/mypage/alert-list.tsx';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { statusOf } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/mypage-alerts.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const { items } = await listAlerts(deps, caller);
  // `?added=<id>`: the keyword the member has just added, said so once on the page.
  const added = items.find((a) => String(a.id) === new URL(request.url).searchParams.get('added'));
  return { siteName: deps.env.SITE_NAME, items, added: added && { id: added.id, keyword: added.keyword } };
}

/** Adding and deleting a keyword: form posts; a refusal comes back as the form's message. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const form = await request.formData();
  let added: number | undefined;
  try {
    if (form.get('intent') === 'delete') {
      await removeAlert(deps, caller, parseInput(AlertDeleteSchema, { id: Number(form.get('id')) }).id);
    } else {
      const input = {
        keyword: String(form.get('keyword') ?? ''),
        section: String(form.get('section') ?? ''),
        mail: String(form.get('mail') ?? 'none'),
      };
      added = (await addAlert(deps, caller, parseInput(AlertSaveSchema, input))).id;
    }
  } catch (err) {
    if (statusOf(err) === 404) throw redirect('/mypage/alerts');
    if (statusOf(err) === 400)
      return data({ error: koreanDetail({ detail: (err as Error).message }) ?? Messages.processingError }, { status: 400 });
    throw err;
  }
  throw redirect(added ? `/mypage/alerts?added=${added}` : '/mypage/alerts');
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '키워드 알림') }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <SectionFrame title="키워드 알림" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '키워드 알림' }]}>
      <div className="max-w-3xl space-y-4">
        {/* A new key after each keyword added: the form starts empty again. A refusal since
            replaces the word of the last one added. */}
        <AlertForm
          key={d.added?.id ?? 0}
          count={d.items.length}
          error={actionData?.error}
          added={actionData?.error ? undefined : d.added?.keyword}
        />
        <p className="text-slate-600">
          등록한 키워드 <strong className="text-brand-700">{d.items.length}</strong>/{ALERT_MAX}
        </p>
        {d.items.length === 0 ? (
          <EmptyState title="등록한 키워드가 없습니다">
            렌트, 간호사처럼 관심 있는 말을 등록하면 새 글이 올라올 때 알려 드립니다.
          </EmptyState>
        ) : (
          <AlertList items={d.items} />
        )}
      </div>
    </SectionFrame>
  );
}
