import { data, Link, redirect } from 'react-router';
import { siteClock } from '#shared/business-hours.ts';
import { todayIn } from '#shared/format.ts';
import { sectionForPage, sectionOfPath } from '#shared/sections.ts';
import { excerpt, htmlToText } from '#shared/text.ts';
import { contentNeighbours, getContent, removeContent } from '#server/modules/content/content.service.ts';
import { addComment, editComment, listComments, removeComment } from '#server/modules/comment/comment.service.ts';
import { likeStatus, toggleLike } from '#server/modules/like/like.service.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import type { Caller, Deps } from '#server/context.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';
import { DetailFormSchema } from '#shared/schemas/page-forms.ts';
import { pageContext } from '../entry.server.tsx';
import { itemKey } from '#server/cache/shows.ts';
import { ItemModeration } from '../features/admin/item-moderation.tsx';
import { BoardArticle } from '../features/board/board-article.tsx';
import type { BoardItem } from '../features/board/board-types.ts';
import { type CommentRefusal, Comments } from '../features/board/comments.tsx';
import { LikeButton } from '../features/board/like-button.tsx';
import { PostActions } from '../features/board/post-actions.tsx';
import { RichText } from '../components/ui/rich-text.tsx';
import { ShareButton } from '../features/board/share-button.tsx';
import { BusinessFacts } from '../features/business/business-detail.tsx';
import type { BusinessItem } from '../features/business/business-list.tsx';
import { JobsFacts } from '../features/jobs/jobs-detail.tsx';
import type { JobsItem } from '../features/jobs/jobs-list.tsx';
import { MarketPrice, MarketStatusBadge } from '../features/market/market-list.tsx';
import { feedLink, pageTitle } from '../lib/titles.ts';
import { refusalMessage, statusOf } from '../lib/service-errors.server.ts';
import type { Route } from './+types/section-detail.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import { UserLevel } from '#shared/enums.ts';
import { belowAdmin, forOwner, fromLevel } from '../lib/me.ts';

// A post's page (news, life, market, community: board; jobs; business). Missing, hidden and
// other sections' ids are real 404s. The view is counted like GET /api/<name>/{id}.

/** Any section's item: the page picks the fields of its kind. */
type DetailItem = BoardItem & JobsItem & BusinessItem;

/** The page's section and item for its address: missing, hidden and other sections' ids are 404s.
 * With `visitor`, the view is counted. */
async function findItem(deps: Deps, caller: Caller, pathname: string, rawId: string, visitor?: Visitor) {
  const section = sectionOfPath(pathname);
  const notFound = () => data(`Page not found: ${pathname}`, { status: 404 });
  if (!section || !isPathId(rawId)) throw notFound();
  const resource = section.storage.table;
  let item: DetailItem;
  try {
    item = (await getContent(deps, resource, caller, Number(rawId), visitor)) as DetailItem;
  } catch (err) {
    if (statusOf(err) === 404) throw notFound();
    throw err;
  }
  // A news id under /market is not a market post.
  const topcategory = resource === 'board' ? section.storage.topcategory : undefined;
  if (resource === 'board' && item.topcategory !== topcategory) throw notFound();
  return { section, resource, topcategory, item };
}

/** A client navigation asks for `/market/1.data`: the page's path is without the suffix. */
const pagePath = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, '');

/** ?reply= and ?edit= open a comment's box without JavaScript. */
function openedForms(url: URL) {
  const idIn = (name: string) => {
    const raw = url.searchParams.get(name) ?? '';
    return isPathId(raw) ? Number(raw) : 0;
  };
  return { reply: idIn('reply'), edit: idIn('edit') };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { deps, actor, caller, visitor, effects } = context.get(pageContext);
  const url = new URL(request.url);
  const pathname = pagePath(request);
  const { section, resource, topcategory, item } = await findItem(deps, caller, pathname, params.id, visitor());
  const id = item.id;
  // A stored copy of this page counts its visitors too; the server sends a new one's cookie.
  effects.view = { table: resource, id };
  // It shows this item's likes and comments, and no other item's.
  effects.shows = [itemKey(resource, id)];
  const opened = openedForms(url);
  // The same page for every member, with their like state filled in; a comment's box opened by
  // the address (?reply=, ?edit=) is the member's own.
  effects.shared = !opened.reply && !opened.edit;
  effects.likes = { target: resource, ids: [id] };

  const [comments, liked, nav] = await Promise.all([
    resource === 'board' ? listComments(deps, caller, { board: id, page: 1, size: 100 }) : undefined,
    actor ? likeStatus(deps, caller, { target: resource, items: [id] }).then((s) => s.liked.includes(id)) : false,
    contentNeighbours(deps, resource, id, topcategory),
  ]);
  const timeZone = deps.env.SITE_TIMEZONE;
  return {
    siteName: deps.env.SITE_NAME,
    origin: url.origin,
    path: pathname,
    section: sectionForPage(section),
    resource,
    item,
    comments,
    liked,
    nav,
    viewer: actor ? { id: actor.id, admin: actor.level >= 3 } : null,
    opened,
    timeZone,
    today: todayIn(timeZone),
    clock: siteClock(timeZone),
  };
}

/** The page's forms without JavaScript: a comment, a reply, an edit, a like and deleting a comment
 * or the post go through the same services as /api/comment, /api/like and DELETE /api/<name>,
 * for the page's caller. Done, the page is shown again at what changed (the list, after the post
 * is gone); refused, it is shown again with the Korean reason and the typed text kept in its box
 * (a POST body: typed text never goes into an address). A delete asks first, as the confirm
 * dialog does with the app. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { deps, caller } = context.get(pageContext);
  const pathname = pagePath(request);
  const { section, resource, item } = await findItem(deps, caller, pathname, params.id);
  const sent: Record<string, FormDataEntryValue> = {};
  (await request.formData()).forEach((value, name) => {
    sent[name] = value;
  });
  const typed = typeof sent.content === 'string' ? sent.content : '';
  const intent = String(sent.intent ?? '');
  const named = Number(sent.id ?? sent.parent ?? 0);
  try {
    const form = parseInput(DetailFormSchema, sent);
    if ((form.intent === 'delete-comment' || form.intent === 'delete-post') && !form.confirmed) {
      return { asked: { intent: form.intent, id: form.intent === 'delete-comment' ? form.id : item.id } };
    }
    if (form.intent === 'delete-post') {
      await removeContent(deps, resource, caller, [item.id]);
      return redirect(section.path, 303);
    }
    if (form.intent === 'like') {
      await toggleLike(deps, caller, { target: resource, item: item.id });
      return redirect(`${pathname}#like`, 303);
    }
    // Comments are on board posts only.
    if (resource !== 'board') throw data(`Page not found: ${pathname}`, { status: 404 });
    if (form.intent === 'comment') {
      const { id } = await addComment(deps, caller, { board: item.id, parent: form.parent ?? 0, content: form.content });
      return redirect(`${pathname}#comment-${id}`, 303);
    }
    if (form.intent === 'edit-comment') {
      await editComment(deps, caller, { id: form.id, content: form.content });
      return redirect(`${pathname}#comment-${form.id}`, 303);
    }
    await removeComment(deps, caller, form.id);
    return redirect(`${pathname}#comments`, 303);
  } catch (err) {
    const message = refusalMessage(err);
    if (!message) throw err;
    const refusal =
      intent === 'like'
        ? { like: message }
        : intent === 'delete-post'
          ? { post: message }
          : {
              comment: {
                intent: intent === 'edit-comment' || intent === 'delete-comment' ? intent : 'comment',
                id: Number.isSafeInteger(named) ? named : 0,
                content: typed,
                message,
              } satisfies CommentRefusal,
            };
    return data(refusal, { status: statusOf(err) });
  }
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [];
  const item = d.item;
  const title = pageTitle(d.siteName, item.title);
  const description = excerpt(htmlToText(item.content), 160) || `${d.siteName} ${d.section.label}`;
  const image = item.images?.[0] || item.image;
  const canonical = `${d.origin}${d.path}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: d.siteName },
    { property: 'og:title', content: item.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: `${d.origin}${image}` }] : []),
    ...feedLink(d.siteName, d.section.key),
  ];
}

function Neighbour({ label, to, title }: { label: string; to: string; title: string }) {
  return (
    <Link to={to} className="flex gap-3 px-4 py-3 hover:bg-slate-50">
      <span className="shrink-0 font-semibold text-slate-600">{label}</span>
      <span className="min-w-0 truncate">{title}</span>
    </Link>
  );
}

export default function SectionDetail({ loaderData: d, actionData: refused }: Route.ComponentProps) {
  const { section, resource, item, nav, timeZone } = d;
  const id = item.id;
  const title = item.title;
  const body =
    resource === 'jobs' ? (
      <>
        <JobsFacts job={item} today={d.today} timeZone={timeZone} />
        <RichText html={item.content} className="mt-4" />
      </>
    ) : resource === 'business' ? (
      <>
        <BusinessFacts business={item} clock={d.clock} />
        <RichText html={item.content} className="mt-4" />
      </>
    ) : (
      <BoardArticle
        key={id}
        item={item}
        timeZone={timeZone}
        extra={
          section.key === 'market' ? (
            <p className="mt-3 flex items-center gap-3 text-xl">
              <MarketPrice item={item} />
              <MarketStatusBadge status={item.marketstatus} />
            </p>
          ) : null
        }
      />
    );
  return (
    // Not SectionFrame: the post's own title is the page's heading.
    <main id="main" className="mx-auto max-w-6xl px-3 py-4 sm:px-4 sm:py-6">
      <nav aria-label="현재 위치" className="mx-auto mb-3 max-w-3xl text-sm text-slate-500">
        <Link to="/" className="hover:text-brand-700">
          홈
        </Link>
        <span aria-hidden="true"> › </span>
        <Link to={section.path} className="hover:text-brand-700">
          {section.label}
        </Link>
      </nav>
      {/* Admins edit and delete from their moderation box; the author gets 수정 / 삭제 below. Both
          are in the page for everyone (it is shared) and shown by #me-style to those they serve. */}
      <div {...fromLevel(UserLevel.admin)}>
        <ItemModeration resource={resource} item={item} listPath={section.path} />
      </div>
      <div className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        {body}
        <div className="mt-6 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
          <LikeButton
            key={id}
            target={resource}
            item={id}
            path={d.path}
            count={item.like}
            // A shared page's loader ran for nobody: the server fills the member's state in.
            liked={d.viewer ? d.liked : undefined}
            refusal={refused && 'like' in refused ? refused.like : undefined}
          />
          <ShareButton title={title} />
          <div id="post-actions" className="ml-auto flex flex-wrap justify-end gap-2" {...forOwner(item.user)} {...belowAdmin}>
            <PostActions
              resource={resource}
              id={id}
              path={d.path}
              listPath={section.path}
              asked={refused && 'asked' in refused && refused.asked.intent === 'delete-post'}
              refusal={refused && 'post' in refused ? refused.post : undefined}
            />
          </div>
        </div>
        {d.comments ? (
          <Comments
            board={id}
            path={d.path}
            items={d.comments.items}
            total={item.comment}
            timeZone={timeZone}
            opened={d.opened}
            refusal={refused && 'comment' in refused ? refused.comment : undefined}
            asked={refused && 'asked' in refused && refused.asked.intent === 'delete-comment' ? refused.asked.id : 0}
          />
        ) : null}
      </div>
      <nav
        aria-label="이전 글, 다음 글"
        className="mx-auto mt-4 max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {nav.next ? <Neighbour label="다음 글" to={`${section.path}/${nav.next.id}`} title={nav.next.title} /> : null}
        {nav.prev ? <Neighbour label="이전 글" to={`${section.path}/${nav.prev.id}`} title={nav.prev.title} /> : null}
        <Link to={section.path} className="block px-4 py-3 text-center font-semibold text-brand-700">
          목록으로
        </Link>
      </nav>
    </main>
  );
}
