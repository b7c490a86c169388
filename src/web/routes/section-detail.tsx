import { data, redirect } from 'react-router';
import { MemberName } from '../components/ui/member-name.tsx';
import { Link } from '../components/ui/link.tsx';
import { siteClock } from '#shared/business-hours.ts';
import { todayIn } from '#shared/format.ts';
import { tradePath } from '#shared/site.ts';
import { sectionForPage, sectionOfPath } from '#shared/sections.ts';
import { excerpt, htmlToText } from '#shared/text.ts';
import {
  contentAttachments,
  contentDetail,
  contentNeighbours,
  getContent,
  hasComments,
  hasMembersOnlyFields,
  removeContent,
  SALE_KINDS,
  tradeCloseOf,
} from '#server/modules/content/content.service.ts';
import { addComment, editComment, listComments, removeComment } from '#server/modules/comment/comment.service.ts';
import { likeStatus, toggleLike } from '#server/modules/like/like.service.ts';
import { reportedItems, reportItem } from '#server/modules/report/report.service.ts';
import { ReportSaveSchema } from '#shared/schemas/report.ts';
import { isReportTarget, ReportMessages, type ReportTarget, Visibility } from '#shared/reports.ts';
import { ErrorKey } from '#shared/messages.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import type { Caller, Deps } from '#server/context.ts';
import type { Visitor } from '#server/modules/view/view.service.ts';
import { DetailFormSchema } from '#shared/schemas/page-forms.ts';
import { pageContext } from '../entry.server.tsx';
import { pagePath } from '../lib/page-path.ts';
import { detailShows, itemPageShows, newestItemShows, reviewsShows } from '#server/modules/content/content.shows.ts';
import {
  addBusinessReview,
  BusinessReviewSaveSchema,
  listBusinessReviews,
  ReviewReplySchema,
  replyToReview,
} from '#server/modules/business-review/business-review.service.ts';
import { BusinessReviews, type ReviewRefusal } from '../features/business/business-reviews.tsx';
import { problemsOf } from '../lib/field-problems.tsx';
import { sectionClockChange } from '#server/pages/page-cache.ts';
import { ItemModeration } from '../features/admin/item-moderation.tsx';
import { type CommentRefusal, Comments } from '../features/board/comments.tsx';
import { LikeButton } from '../features/board/like-button.tsx';
import { PostActions } from '../features/board/post-actions.tsx';
import { Attachments } from '../components/ui/attachments.tsx';
import { ReportControl, type ReportOutcome, ReportPart, ReviewBadge, reportAnchor } from '../features/board/report-control.tsx';
import { ShareButton } from '../features/board/share-button.tsx';
import { StartChat } from '../features/messages/start-chat.tsx';
import { BumpBox } from '../features/freshness/listing-freshness.tsx';
import { ClosedBadge } from '../components/ui/closed-badge.tsx';
import { expires, isListingTable, nextBumpAt, renewable } from '#shared/freshness.ts';
import { bumpListing } from '#server/modules/freshness/freshness.service.ts';
import { feedLink, pageTitle } from '../lib/titles.ts';
import { shareCardMeta } from '../lib/share-card.ts';
import { siteOrigin } from '../lib/site-origin.server.ts';
import { refusalMessage, statusOf } from '../lib/service-errors.server.ts';
import { formFields, refusedForm } from '../lib/form-action.server.ts';
import type { Route } from './+types/section-detail.ts';
import { ScamNotice, warnedKeys } from '../features/editor/scam-notice.tsx';
import { kindOf } from '../kinds/index.ts';
import type { KindItem } from '../kinds/kind.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import { UserLevel } from '#shared/enums.ts';
import { belowAdmin, forMembers, forOwner, fromLevel, notOwner, reportedOf, useMe } from '../lib/me.ts';

// An item's page, its body drawn by its kind (web/kinds). Missing, hidden and other sections' ids
// are real 404s. The view is counted like GET /api/<name>/{id}.

/** The page's section and item for its address: missing, hidden and other sections' ids are 404s.
 * With `visitor`, the view is counted. */
async function findItem(deps: Deps, caller: Caller, pathname: string, rawId: string, visitor?: Visitor) {
  const section = sectionOfPath(pathname);
  const notFound = () => data(`Page not found: ${pathname}`, { status: 404 });
  if (!section || !isPathId(rawId)) throw notFound();
  const resource = section.storage.table;
  let item: KindItem;
  try {
    item = (await getContent(deps, resource, caller, Number(rawId), visitor)) as KindItem;
  } catch (err) {
    // A held item's page says so (the error page's words), still a 404 for crawlers.
    if (statusOf(err) === 404 && (err as { key?: string }).key === ErrorKey.underReview) throw data(ReportMessages.held, { status: 404 });
    if (statusOf(err) === 404) throw notFound();
    throw err;
  }
  // A news id under /market is not a market post.
  const topcategory = resource === 'board' ? section.storage.topcategory : undefined;
  if (resource === 'board' && item.topcategory !== topcategory) throw notFound();
  return { section, resource, topcategory, item };
}

/** A refused report comes back to its form, open, with the reason and text kept. */
function reportRefusal(sent: Record<string, FormDataEntryValue>, resource: ReportTarget, message: string): ReportOutcome {
  const item = Number(sent.item);
  return {
    target: sent.target === 'comment' || sent.target === 'review' ? sent.target : resource,
    item: Number.isSafeInteger(item) ? item : 0,
    message,
    reason: typeof sent.reason === 'string' ? sent.reason : undefined,
    detail: typeof sent.detail === 'string' ? sent.detail : undefined,
  };
}

/** ?reply= and ?edit= open a comment's box without JavaScript. */
function openedForms(url: URL) {
  const idIn = (name: string) => {
    const raw = url.searchParams.get(name) ?? '';
    return isPathId(raw) ? Number(raw) : 0;
  };
  return { reply: idIn('reply'), edit: idIn('edit') };
}

/** ?reported=comment-12: the report the page's action just took (without JavaScript), said once. */
function justReported(url: URL): ReportOutcome | undefined {
  const [target = '', raw = ''] = (url.searchParams.get('reported') ?? '').split('-');
  if (!isReportTarget(target) || !isPathId(raw)) return;
  return { target, item: Number(raw), done: true };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { deps, actor, caller, visitor, effects, https } = context.get(pageContext);
  const url = new URL(request.url);
  const pathname = pagePath(request);
  const found = await findItem(deps, caller, pathname, params.id, visitor());
  const { section, resource, topcategory } = found;
  // What its kind adds for the page (an organization's upcoming events).
  const item = (await contentDetail(deps, resource, caller, found.item)) as KindItem;
  const id = item.id;
  // A stored copy of this page counts its visitors too; the server sends a new one's cookie.
  effects.view = { table: resource, id };
  // It shows this item, its numbers and its comments, and no other item's (but what its detail adds).
  effects.shows = [...itemPageShows(resource, id), ...detailShows(item)];
  const opened = openedForms(url);
  const warned = warnedKeys(url);
  // The same page for every member, with their like state filled in; a comment's box opened by
  // the address (?reply=, ?edit=) is the member's own. A page showing a write's cautions (after a
  // save without JavaScript) is its author's alone.
  effects.shared = !opened.reply && !opened.edit && !warned.length;
  // Fields only members read (a home's contact): the shared copy, drawn for nobody, has them left
  // out by the service, and each member's fill-in reads them.
  if (hasMembersOnlyFields(resource)) effects.membersOnly = { target: resource, id };
  effects.likes = { target: resource, ids: [id] };
  effects.report = { target: resource, id };

  // The table its comments name, where its kind carries them.
  const thread = hasComments(resource) ? resource : undefined;
  const [comments, liked, nav, attachments, reported] = await Promise.all([
    thread ? listComments(deps, caller, { target: thread, board: id, page: 1, size: 100 }, item) : undefined,
    actor ? likeStatus(deps, caller, { target: resource, items: [id] }).then((s) => s.liked.includes(id)) : false,
    contentNeighbours(deps, resource, id, topcategory),
    contentAttachments(deps, resource, item),
    reportedItems(deps, caller, resource, [id]).then((ids) => ids.includes(id)),
  ]);
  const reviews = kindOf(section.key).reviews ? await reviewsFor(deps, caller, item) : null;
  if (reviews) {
    effects.shows.push(...reviewsShows(resource, id));
    // Whether a member may review, and their own review while it waits (검토 중), are theirs: the
    // shared copy holds neither, and each member's fill-in reads their own review of it.
    effects.ownReview = { target: 'business', id };
  }
  // The newest item's page gains a 다음 글 with the next new item of its table.
  if (!nav.next) effects.shows.push(...newestItemShows(resource, topcategory));
  const allComments = (comments?.items ?? []).flatMap((c) => [c, ...(c.replies ?? [])]);
  const commentIds = allComments.map((c) => c.id);
  // A comment held after reports reads differently for its author and admins: such a page is drawn
  // for each reader (and a held comment's text never goes into a page everyone gets).
  if (allComments.some((c) => c.hidden)) effects.shared = false;
  effects.comments = commentIds;
  const reportedComments = await reportedItems(deps, caller, 'comment', commentIds);
  const timeZone = deps.env.SITE_TIMEZONE;
  effects.until = sectionClockChange(resource, timeZone);
  const common = {
    warned,
    siteName: deps.env.SITE_NAME,
    // Its canonical address: on SITE_URL, else on the origin the request came to (the Host our
    // proxy passes; the page cache keeps a copy per origin).
    origin: siteOrigin(deps.env, request, https),
    path: pathname,
    section: sectionForPage(section),
    item,
    thread,
    comments,
    liked,
    nav,
    attachments,
    reported,
    reportedComments,
    justReported: justReported(url),
    viewer: actor ? { id: actor.id, admin: actor.level >= 3 } : null,
    bump: bumpState(resource, item, url, deps.env.SITE_TIMEZONE),
    // Its seller closes a sale with the buyer and reviews them on the trade page (routes/trade.tsx).
    trade: (SALE_KINDS as readonly string[]).includes(resource) && tradeCloseOf(section) ? tradePath(resource, id) : null,
    opened,
    reviews,
    timeZone,
    today: todayIn(timeZone),
  };
  // Only kinds with a clock show the time of day (영업중): other items' pages carry none that goes stale.
  return { ...common, resource, ...(kindOf(section.key).clock ? { clock: siteClock(timeZone) } : {}) };
}

/** An item's reviews, newest first, and who may do what with them: its owner answers them; a
 * member who is not its owner and has not reviewed it reviews it. On the shared copy (drawn for
 * nobody) the page's marks and the member's fill-in decide (lib/me.ts); on a page drawn for its
 * member alone (their own review held, a refused form) the loader says. */
async function reviewsFor(deps: Deps, caller: Caller, item: KindItem) {
  const { items } = await listBusinessReviews(deps, caller, item.id);
  const me = caller.actor?.id;
  return {
    items,
    // Drawn for nobody on the shared copy; a page drawn for its member holds their 신고함 states.
    reported: await reportedItems(
      deps,
      caller,
      'review',
      items.map((r) => r.id),
    ),
    state: {
      business: item.id,
      owner: item.user,
      ...(me !== undefined && { mayReview: me !== item.user && !items.some((r) => r.user === me) }),
    },
  };
}

/** A review or its owner's answer posted without JavaScript (or with it: the same form): back at
 * the review when taken, else the form again with what was typed and each field's problem. */
async function reviewAction(deps: Deps, caller: Caller, pathname: string, business: number, sent: Record<string, FormDataEntryValue>) {
  const text = (name: string) => (typeof sent[name] === 'string' ? (sent[name] as string) : '');
  const answered = sent.intent === 'review-reply' ? Number(text('id')) : 0;
  const typed = { review: Number.isSafeInteger(answered) ? answered : 0, rating: text('rating'), content: text('content') };
  const refused = (problems: Record<string, string>) => data({ ...typed, problems } satisfies ReviewRefusal, { status: 400 });
  try {
    if (typed.review) {
      const parsed = ReviewReplySchema.safeParse({ content: typed.content });
      if (!parsed.success) return refused(problemsOf(parsed.error.issues));
      await replyToReview(deps, caller, typed.review, parsed.data);
      return redirect(`${pathname}#review-${typed.review}`, 303);
    }
    const parsed = BusinessReviewSaveSchema.safeParse({ rating: Number(typed.rating), content: typed.content });
    if (!parsed.success) {
      const problems = problemsOf(parsed.error.issues);
      return refused(problems.rating ? { ...problems, rating: '별점을 골라 주세요' } : problems);
    }
    const { id } = await addBusinessReview(deps, caller, business, parsed.data);
    return redirect(`${pathname}#review-${id}`, 303);
  } catch (err) {
    return refusedForm(err, typed, ['rating', 'content'], 'content');
  }
}

/** The 끌어올리기 box of a market listing or a job: when the next bump may be made, by the
 * server's clock; none for other items. The page is shared: the box is in it for everyone and
 * shown to the author and admins (lib/me.ts's marks). */
function bumpState(resource: string, item: KindItem, url: URL, timeZone: string) {
  const table = isListingTable(resource) ? resource : undefined;
  if (!table || !expires(table, item)) return null;
  const now = new Date();
  const nextBump = nextBumpAt(item.bumpdate || item.date);
  return {
    table,
    nextBump,
    bumpable: nextBump <= now.toISOString(),
    deadlinePassed: !renewable(table, item, timeZone, now),
    bumped: url.searchParams.has('bumped'),
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
  const sent = await formFields(request);
  const typed = typeof sent.content === 'string' ? sent.content : '';
  const intent = String(sent.intent ?? '');
  const named = Number(sent.id ?? sent.parent ?? 0);
  if (intent === 'review' || intent === 'review-reply') {
    if (!kindOf(section.key).reviews) throw data(`Page not found: ${pathname}`, { status: 404 });
    return reviewAction(deps, caller, pathname, item.id, sent);
  }
  try {
    const form = parseInput(DetailFormSchema, sent);
    if ((form.intent === 'delete-comment' || form.intent === 'delete-post') && !form.confirmed) {
      return { asked: { intent: form.intent, id: form.intent === 'delete-comment' ? form.id : item.id } };
    }
    if (form.intent === 'delete-post') {
      await removeContent(deps, resource, caller, [item.id]);
      return redirect(section.path, 303);
    }
    if (form.intent === 'bump') {
      if (!isListingTable(resource)) throw data(`Page not found: ${pathname}`, { status: 404 });
      await bumpListing(deps, resource, caller, item.id);
      return redirect(`${pathname}?bumped=1#bump`, 303);
    }
    if (form.intent === 'like') {
      await toggleLike(deps, caller, { target: resource, item: item.id });
      return redirect(`${pathname}#like`, 303);
    }
    if (form.intent === 'report') {
      // This page's item, a comment or a review (the service checks it exists and may be reported).
      const target: ReportTarget = form.target === 'comment' || form.target === 'review' ? form.target : resource;
      if (target !== 'comment' && target !== 'review' && form.item !== item.id) throw data(`Page not found: ${pathname}`, { status: 404 });
      const input = parseInput(ReportSaveSchema, { target, item: form.item, reason: form.reason, detail: form.detail ?? '' });
      const { hidden } = await reportItem(deps, caller, input);
      // A post the report hid is no longer this member's to read: back to its list.
      if (hidden && target !== 'comment' && target !== 'review') return redirect(section.path, 303);
      const anchor = reportAnchor(target, form.item);
      return redirect(`${pathname}?reported=${target}-${form.item}#${anchor}`, 303);
    }
    // Comments are on the kinds that carry them.
    if (!hasComments(resource)) throw data(`Page not found: ${pathname}`, { status: 404 });
    if (form.intent === 'comment') {
      const { id } = await addComment(deps, caller, { target: resource, board: item.id, parent: form.parent ?? 0, content: form.content });
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
        : intent === 'bump'
          ? { bump: message }
          : intent === 'report'
            ? { report: reportRefusal(sent, resource, message) }
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
  const image = item.images?.[0] || item.image || undefined;
  return [
    { title },
    { name: 'description', content: description },
    ...shareCardMeta({ siteName: d.siteName, origin: d.origin, path: d.path, title: item.title, description, image }),
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

/** The author's name with 쪽지 보내기 and, for kinds members talk about (채팅하기), a conversation
 * about this item: shown to everyone but the author (members only may use them, lib/me.ts). */
function ContactBox({ item, resource, path, chat }: { item: KindItem; resource: string; path: string; chat: boolean }) {
  // On a phone the buttons share a row of their own under the name, each as wide as it can be.
  const button = 'inline-flex min-h-11 flex-1 items-center justify-center rounded-full px-4 font-semibold whitespace-nowrap sm:flex-none';
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 p-3" {...notOwner(item.user)}>
      {item.name ? (
        <MemberName
          user={item.user}
          name={item.name}
          className="min-w-0 basis-full font-semibold break-words text-slate-700 sm:mr-auto sm:basis-auto"
        />
      ) : null}
      <div className="flex w-full gap-2 sm:w-auto">
        <StartChat
          with={{ user: item.user }}
          here={path}
          label="쪽지 보내기"
          className={`${button} border border-slate-300 bg-white text-slate-700 hover:bg-slate-100`}
        />
        {chat ? (
          <StartChat
            with={{ target: resource, item: item.id }}
            here={path}
            label="채팅하기"
            className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
          />
        ) : null}
      </div>
    </div>
  );
}

export default function SectionDetail({ loaderData: d, actionData: refused }: Route.ComponentProps) {
  const { section, resource, item, nav, timeZone } = d;
  const me = useMe();
  const id = item.id;
  const title = item.title;
  const reportOutcome = (target: ReportTarget, itemId: number) => {
    const outcome = refused && 'report' in refused ? refused.report : d.justReported;
    return outcome?.target === target && outcome.item === itemId ? outcome : undefined;
  };
  const { Body, chat } = kindOf(section.key);
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
        <ItemModeration resource={resource} item={item} kind={kindOf(section.key).moderation ?? {}} listPath={section.path} />
      </div>
      <div className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        {item.hidden === Visibility.review ? (
          <p role="note" className="mb-4 flex flex-wrap items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
            <ReviewBadge />
            다른 회원에게는 보이지 않습니다. 운영자가 확인한 뒤 공개 여부를 정합니다.
          </p>
        ) : null}
        <ScamNotice keys={d.warned} />
        {item.closed === 1 ? (
          <p className="mb-3 flex items-center gap-2 text-sm text-slate-600">
            <ClosedBadge /> 마감된 글입니다
          </p>
        ) : null}
        <Body item={item} timeZone={timeZone} today={d.today} clock={d.clock} />
        {item.user ? <ContactBox item={item} resource={resource} path={d.path} chat={Boolean(chat)} /> : null}
        <Attachments items={d.attachments} path={d.path} />
        {d.bump ? (
          <div id="bump" className="mt-4 rounded-xl bg-slate-50 p-3" {...forOwner(item.user, true)}>
            <BumpBox
              item={item}
              table={d.bump.table}
              nextBump={d.bump.nextBump}
              bumpable={d.bump.bumpable}
              deadlinePassed={d.bump.deadlinePassed}
              bumped={d.bump.bumped}
              timeZone={timeZone}
              action={`${d.path}#bump`}
              refusal={refused && 'bump' in refused ? refused.bump : undefined}
            />
          </div>
        ) : null}
        {d.trade ? (
          <p className="mt-4" {...forOwner(item.user)}>
            <Link
              to={d.trade}
              className="inline-flex min-h-11 items-center rounded-full border border-brand-600 px-5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              거래완료 · 거래후기
            </Link>
          </p>
        ) : null}
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
          {/* 신고 is for members reading someone else's item; admins moderate it instead. */}
          {item.hidden === Visibility.shown ? (
            <span {...forMembers} {...belowAdmin} {...notOwner(item.user)}>
              <ReportPart
                key={id}
                target={resource}
                item={id}
                path={d.path}
                what="글"
                // A shared page's loader ran for nobody: the server fills the member's state in.
                reported={d.viewer ? d.reported : undefined}
                outcome={reportOutcome(resource, id)}
              />
            </span>
          ) : null}
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
        {d.reviews ? (
          <BusinessReviews
            items={d.reviews.items}
            state={d.reviews.state}
            path={d.path}
            timeZone={timeZone}
            refusal={refused && 'problems' in refused ? (refused as ReviewRefusal) : undefined}
            report={(r) => (
              // 신고 is for members reading someone else's review; admins moderate on /admin/report.
              <span {...forMembers} {...belowAdmin} {...notOwner(r.user)}>
                <ReportControl
                  target="review"
                  item={r.id}
                  path={d.path}
                  what="후기"
                  compact
                  reported={d.reviews?.reported.includes(r.id)}
                  outcome={reportOutcome('review', r.id)}
                />
              </span>
            )}
          />
        ) : null}
        {d.comments && d.thread ? (
          <Comments
            target={d.thread}
            board={id}
            path={d.path}
            items={d.comments.items}
            total={item.comment}
            timeZone={timeZone}
            opened={d.opened}
            refusal={refused && 'comment' in refused ? refused.comment : undefined}
            asked={refused && 'asked' in refused && refused.asked.intent === 'delete-comment' ? refused.asked.id : 0}
            // A shared answer's loader ran for nobody: a client navigation's header says (lib/me.ts).
            reported={d.viewer ? d.reportedComments : reportedOf(me, 'comment')}
            reportOutcome={(commentId) => reportOutcome('comment', commentId)}
          />
        ) : null}
      </div>
      <nav
        aria-label={`이전 ${section.item.noun}, 다음 ${section.item.noun}`}
        className="mx-auto mt-4 max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {nav.next ? <Neighbour label={`다음 ${section.item.noun}`} to={`${section.path}/${nav.next.id}`} title={nav.next.title} /> : null}
        {nav.prev ? <Neighbour label={`이전 ${section.item.noun}`} to={`${section.path}/${nav.prev.id}`} title={nav.prev.title} /> : null}
        <Link to={section.path} className="block px-4 py-3 text-center font-semibold text-brand-700">
          목록으로
        </Link>
      </nav>
    </main>
  );
}
