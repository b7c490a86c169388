import { data, redirect } from 'react-router';
import { contentInitdata, createContent, getContent, updateContent } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { AdminTabs } from '../features/admin/admin-ui.tsx';
import { htmlToLines } from '../lib/paragraphs.ts';
import { orPageError } from '../lib/service-errors.server.ts';
import type { ScheduleItem } from '../features/admin/schedule-admin.tsx';
import { ScheduleForm, scheduleBody, scheduleProblems, scheduleTyped } from '../features/admin/schedule-form.tsx';
import { refusedForm } from '../lib/form-action.server.ts';
import { pageTitle } from '../lib/titles.ts';
import { requireAdminPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/admin-mainschedule-write.ts';
import { isPathId } from '#shared/schemas/fields.ts';

/** SPEC §4: no id (or 0) creates; ?id=N edits item N. */
function editedId(request: Request): number {
  const id = new URL(request.url).searchParams.get('id') ?? '0';
  if (id !== '0' && !isPathId(id)) throw data('찾는 항목이 없습니다', { status: 404 });
  return Number(id);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const id = editedId(request);
  const stored = await orPageError(async () =>
    id === 0 ? (contentInitdata('mainschedule') as ScheduleItem & { content: string }) : getContent(deps, 'mainschedule', caller, id),
  );
  const { content, ...item } = stored;
  return { siteName: deps.env.SITE_NAME, item, contentText: htmlToLines(content) };
}

/** The form sent without JavaScript: the same schema, the same service as the API, then the
 * schedule list; a refusal comes back with what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const { deps, caller } = context.get(pageContext);
  const id = editedId(request);
  const typed = scheduleTyped(await request.formData());
  const body = scheduleBody(id, typed);
  const problems = scheduleProblems(body);
  if (Object.keys(problems).length > 0) return data({ typed, problems }, { status: 400 });
  try {
    if (id) await updateContent(deps, 'mainschedule', caller, body);
    else await createContent(deps, 'mainschedule', caller, body);
  } catch (err) {
    return refusedForm(err, { typed }, Object.keys(typed), 'title');
  }
  throw redirect('/admin/mainschedule');
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, d.item.id ? '메인 일정 수정' : '메인 일정 등록') }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  const title = d.item.id ? '메인 일정 수정' : '메인 일정 등록';
  return (
    <SectionFrame
      title={title}
      crumbs={[{ label: '관리자', to: '/admin' }, { label: '메인 일정 관리', to: '/admin/mainschedule' }, { label: title }]}
    >
      <AdminTabs />
      <ScheduleForm item={d.item} contentText={d.contentText} sent={actionData} />
    </SectionFrame>
  );
}
