import { data, redirect } from 'react-router';
import { InquiryStatus } from '#shared/enums.ts';
import { queryId } from '#shared/schemas/fields.ts';
import { createContent, getContent, updateContent } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { htmlToLines } from '../lib/paragraphs.ts';
import { orPageError } from '../lib/service-errors.server.ts';
import { type InquiryDraft, InquiryForm, inquiryFields, inquiryProblems } from '../features/customer/inquiry-form.tsx';
import { refusedForm } from '../lib/form-action.server.ts';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/customer-inquiry.ts';

/** A new inquiry, or `?id=N` to edit the member's own while it waits for an answer (my page
 * links here). The server refuses the same again on save. */
async function inquiryPage(request: Request, context: Route.LoaderArgs['context']) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const id = queryId.safeParse(new URL(request.url).searchParams.get('id') ?? '0');
  if (!id.success) throw data('Page not found', { status: 404 });
  let draft: InquiryDraft | undefined;
  if (id.data) {
    const item = await orPageError(() => getContent(deps, 'inquiry', caller, id.data));
    if (item.user !== actor.id) throw data('내 문의만 수정할 수 있습니다', { status: 403 });
    if (item.status !== InquiryStatus.waiting) throw data('답변이 등록된 문의는 수정할 수 없습니다', { status: 403 });
    draft = { id: id.data, title: item.title, content: htmlToLines(item.content) };
  }
  return { deps, caller, draft };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps, draft } = await inquiryPage(request, context);
  return { siteName: deps.env.SITE_NAME, draft };
}

/** The form sent without JavaScript: the form's own check, then the same service as the API,
 * then my inquiries; a refusal comes back with what was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const { deps, caller, draft } = await inquiryPage(request, context);
  const form = await request.formData();
  const typed = { title: String(form.get('title') ?? ''), content: String(form.get('content') ?? '') };
  const problems = inquiryProblems(typed);
  if (Object.keys(problems).length > 0) return data({ ...typed, problems }, { status: 400 });
  try {
    const fields = inquiryFields(typed);
    if (draft) await updateContent(deps, 'inquiry', caller, { id: draft.id, ...fields });
    else await createContent(deps, 'inquiry', caller, fields);
  } catch (err) {
    return refusedForm(err, typed, ['title', 'content'], 'title');
  }
  throw redirect('/mypage/inquiry');
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, d.draft ? '문의 수정' : '1:1 문의') }] : [];
}

export default function Page({ loaderData: { draft }, actionData }: Route.ComponentProps) {
  const crumbs = draft
    ? [{ label: '마이페이지', to: '/mypage' }, { label: '내 문의', to: '/mypage/inquiry' }, { label: '문의 수정' }]
    : [{ label: '고객센터', to: '/customer' }, { label: '1:1 문의' }];
  return (
    <SectionFrame title={draft ? '문의 수정' : '1:1 문의'} crumbs={crumbs}>
      <p className="mb-4 text-slate-700">
        {draft ? '답변이 등록되기 전까지 고칠 수 있습니다.' : '궁금한 점을 남기시면 답변이 등록될 때 이메일로 알려 드립니다.'}
      </p>
      {/* Keyed by the inquiry: another `?id=` on the same route starts a fresh form. */}
      <InquiryForm key={draft?.id ?? 0} draft={draft} sent={actionData} />
    </SectionFrame>
  );
}
