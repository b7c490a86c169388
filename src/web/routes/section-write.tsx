import { data, redirect, useLocation } from 'react-router';
import { itemWords, listOf, mayWrite, sectionOfPath } from '#shared/sections.ts';
import { createContent, getContent, mayEditContent, updateContent } from '#server/modules/content/content.service.ts';
import type { Row } from '#server/modules/content/content.types.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { WriteForm } from '../features/editor/write-form.tsx';
import { formValues, saveBody, valuesFromForm, writeTargetOf } from '../features/editor/write-target.ts';
import { kindOf } from '../kinds/index.ts';
import { problemsOf } from '../lib/field-problems.tsx';
import { refusedForm } from '../lib/form-action.server.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { pageTitle } from '../lib/titles.ts';
import { statusOf } from '../lib/service-errors.server.ts';
import type { Route } from './+types/section-write.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import type { FoundWarning } from '#shared/scam-warnings.ts';
import { warnedPath } from '../features/editor/scam-notice.tsx';

/** The page's section, the item edited (`?id=N`) and who writes: members only; news and FAQ need
 * staff (level >= 2), an edit the author, an admin or whom the kind names (an organization's
 * editors). The server checks the same again on save. */
async function writePage(request: Request, context: Route.LoaderArgs['context']) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, '');
  const section = sectionOfPath(pathname);
  if (!section) throw data(`Page not found: ${pathname}`, { status: 404 });
  const target = writeTargetOf(section, kindOf(section.key).write);

  const idText = url.searchParams.get('id') ?? '0';
  if (idText !== '0' && !isPathId(idText)) throw data('Page not found', { status: 404 });
  const editId = Number(idText);
  // A new item takes the section's level; an edit, whoever may edit that item (below).
  if (!editId && !mayWrite(section, actor.level)) throw data('운영진만 글을 쓸 수 있는 게시판입니다', { status: 403 });
  let item: Record<string, unknown> | undefined;
  if (editId) {
    try {
      // Opening the editor is not a visit: no view is counted.
      item = await getContent(deps, target.resource, caller, editId);
    } catch (err) {
      if (statusOf(err) === 404) throw data('Page not found', { status: 404 });
      throw err;
    }
    if (target.resource === 'board' && item.topcategory !== target.topcategory) throw data('Page not found', { status: 404 });
    if (!(await mayEditContent(deps, target.resource, actor, item as Row)))
      throw data('글쓴이와 관리자만 수정할 수 있습니다', { status: 403 });
  }
  return { deps, caller, section, target, editId, item };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps, section, target, editId, item } = await writePage(request, context);
  return {
    siteName: deps.env.SITE_NAME,
    label: listOf(section).label,
    words: itemWords(section),
    editId,
    values: formValues(target, item),
  };
}

/** The form sent without JavaScript: checked with the same schema, saved through the same
 * service as the API, then on to the saved item; a refusal comes back with what was sent. */
export async function action({ request, context }: Route.ActionArgs) {
  const { deps, caller, target, editId } = await writePage(request, context);
  const values = valuesFromForm(target, await request.formData());
  const body = saveBody(target, editId, values);
  const checked = target.schema.safeParse(body);
  if (!checked.success) return data({ values, problems: problemsOf(checked.error.issues) }, { status: 400 });
  let id = editId;
  let warnings: readonly FoundWarning[] | undefined;
  try {
    if (editId) ({ warnings } = await updateContent(deps, target.resource, caller, body));
    else ({ id, warnings } = await createContent(deps, target.resource, caller, body));
  } catch (err) {
    return refusedForm(err, { values }, Object.keys(values), 'title');
  }
  // Without JavaScript nothing asked before publishing: the saved page says the cautions.
  throw redirect(warnedPath(target.detailPath(id), warnings ?? []));
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, `${d.label} ${d.editId ? d.words.edit : d.words.write}`) }] : [];
}

export default function SectionWrite({ loaderData, actionData }: Route.ComponentProps) {
  const { label, words, editId, values } = loaderData;
  const section = sectionOfPath(useLocation().pathname);
  const target = section && writeTargetOf(section, kindOf(section.key).write);
  const title = editId ? words.edit : words.write;
  const screened = section ? Boolean(kindOf(section.key).listing) : false;
  return (
    <SectionFrame title={`${label} ${title}`} crumbs={[{ label, to: target?.listPath }, { label: title }]}>
      {target ? (
        // Keyed by the item: `?id=` changing on the same route starts a fresh form.
        <WriteForm key={editId} target={target} id={editId} initial={values} sent={actionData} screened={screened} />
      ) : null}
    </SectionFrame>
  );
}
