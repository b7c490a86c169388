import { data, useLocation } from 'react-router';
import { isAdminLevel } from '#shared/enums.ts';
import { listOf, mayWrite, type Section, sectionByKey } from '#shared/sections.ts';
import { getContent } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { pageContext } from '../entry.server.tsx';
import { WriteForm } from '../features/editor/write-form.tsx';
import { formValues, writeTargetOf } from '../features/editor/write-target.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { pageTitle } from '../lib/titles.ts';
import { statusOf } from '../lib/service-errors.server.ts';
import type { Route } from './+types/section-write.ts';
import { isPathId } from '#shared/schemas/fields.ts';

/** Write and edit pages (`?id=N` edits): members only; news and FAQ need staff (level >= 2), an
 * edit the author or an admin. The server checks the same again on save. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, '');
  const target = writeTargetOf(pathname);
  if (!target) throw data(`Page not found: ${pathname}`, { status: 404 });
  const section = sectionByKey(target.section) as Section;
  if (!mayWrite(section, actor.level)) throw data('운영진만 글을 쓸 수 있는 게시판입니다', { status: 403 });

  const idText = url.searchParams.get('id') ?? '0';
  if (idText !== '0' && !isPathId(idText)) throw data('Page not found', { status: 404 });
  const editId = Number(idText);
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
    if (item.user !== actor.id && !isAdminLevel(actor.level)) throw data('글쓴이와 관리자만 수정할 수 있습니다', { status: 403 });
  }
  return {
    siteName: deps.env.SITE_NAME,
    label: listOf(section).label,
    editId,
    values: formValues(target, item),
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, `${d.label} ${d.editId ? '글 수정' : '글쓰기'}`) }] : [];
}

export default function SectionWrite({ loaderData }: Route.ComponentProps) {
  const { label, editId, values } = loaderData;
  const target = writeTargetOf(useLocation().pathname);
  const title = editId ? '글 수정' : '글쓰기';
  return (
    <SectionFrame title={`${label} ${title}`} crumbs={[{ label, to: target?.listPath }, { label: title }]}>
      {target ? (
        // Keyed by the item: `?id=` changing on the same route starts a fresh form.
        <WriteForm key={editId} target={target} id={editId} initial={values} />
      ) : null}
    </SectionFrame>
  );
}
