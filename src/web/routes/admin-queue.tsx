import { data, redirect } from 'react-router';
import { QueueActions } from '#shared/queue.ts';
import { QueueDecisionSchema, QueueListQuerySchema, ScamPhraseSchema } from '#shared/schemas/queue.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { decideQueued, listQueue } from '#server/modules/queue/queue.service.ts';
import { addScamPhrase, listScamPhrases, removeScamPhrase } from '#server/modules/scam/scam-phrase.service.ts';
import { positiveId } from '#shared/schemas/fields.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { type QueueAdminData, QueueAdmin } from '../features/admin/queue-admin.tsx';
import { ScamPhrasesAdmin } from '../features/admin/scam-phrases-admin.tsx';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import { orPageError, refusalMessage, statusOf } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/admin-queue.ts';

// /admin/queue (PRODUCT.md "Scam defence"): the review queue and the admins' scam phrases, and
// their forms' action without JavaScript: approve or reject one item, add or remove a phrase.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const params = new URL(request.url).searchParams;
  const list = await orPageError(async () =>
    listQueue(deps, caller, parseInput(QueueListQuerySchema, { page: params.get('page') ?? '1' })),
  );
  const done = QueueActions.find((a) => a === params.get('done'));
  return {
    siteName: deps.env.SITE_NAME,
    data: { ...list, timeZone: deps.env.SITE_TIMEZONE, done } satisfies QueueAdminData,
    phrases: (await listScamPhrases(deps, caller)).items,
  };
}

/** A phrase added or removed without JavaScript; a refusal is shown by the form. */
async function phraseAction(context: Route.ActionArgs['context'], url: URL, form: FormData) {
  const { deps, caller } = context.get(pageContext);
  try {
    if (form.get('intent') === 'phrase-add')
      await addScamPhrase(deps, caller, parseInput(ScamPhraseSchema, { key: form.get('key'), phrase: form.get('phrase') }));
    else await removeScamPhrase(deps, caller, parseInput(positiveId, Number(form.get('id'))));
  } catch (err) {
    const message = refusalMessage(err);
    if (!message) throw err;
    return data({ phraseRefusal: message }, { status: statusOf(err) });
  }
  return redirect(`${url.pathname}${url.search}#scam-phrases`, 303);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const url = new URL(request.url);
  const form = await request.formData();
  if (String(form.get('intent')).startsWith('phrase-')) return phraseAction(context, url, form);
  const input = parseInput(QueueDecisionSchema, { target: form.get('target'), item: Number(form.get('item')), action: form.get('action') });
  try {
    await decideQueued(deps, caller, input);
  } catch (err) {
    const message = refusalMessage(err);
    if (!message) throw err;
    return data({ refusal: { target: input.target, item: input.item, message } }, { status: statusOf(err) });
  }
  url.searchParams.set('done', input.action);
  return redirect(`${url.pathname}?${url.searchParams}`, 303);
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '검토 대기') }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <SectionFrame title="검토 대기" crumbs={[{ label: '관리자', to: '/admin' }, { label: '검토 대기' }]}>
      <AdminTabs />
      <QueueAdmin data={{ ...d.data, ...(actionData && 'refusal' in actionData ? actionData : {}) }} />
      <ScamPhrasesAdmin data={{ phrases: d.phrases, ...(actionData && 'phraseRefusal' in actionData ? actionData : {}) }} />
    </SectionFrame>
  );
}
