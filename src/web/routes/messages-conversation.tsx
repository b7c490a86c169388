import { useEffect } from 'react';
import { data, redirect } from 'react-router';
import { MESSAGE_MAX, type ConversationView } from '#shared/conversations.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import { ReportSaveSchema } from '#shared/schemas/report.ts';
import { BlockSchema, ConversationReadQuerySchema } from '#shared/schemas/conversation.ts';
import { sectionOfItem } from '#shared/sections.ts';
import { todayIn } from '#shared/format.ts';
import type { Caller, Deps } from '#server/context.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { getContent } from '#server/modules/content/content.service.ts';
import {
  blockMember,
  leaveConversation,
  listBlocks,
  markRead,
  MessageInputSchema,
  readConversation,
  sendMessage,
  unblockMember,
} from '#server/modules/message/message.service.ts';
import { reportedItems, reportItem } from '#server/modules/report/report.service.ts';
import { pageContext } from '../entry.server.tsx';
import { ConfirmForm } from '../features/board/confirm-form.tsx';
import { type ReportOutcome, ReportControl } from '../features/board/report-control.tsx';
import { Conversation, type ConversationRefusal, LEAVE_QUESTION } from '../features/messages/conversation.tsx';
import { kindOf } from '../kinds/index.ts';
import type { KindItem } from '../kinds/kind.ts';
import { setUnreadMessages } from '../lib/unread-messages.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { orPageError, refusalMessage, statusOf } from '../lib/service-errors.server.ts';
import { formFields } from '../lib/form-action.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/messages-conversation.ts';

// One conversation, for its two members only (everyone else: 404). Opening it marks it read.
// Its action takes the page's forms without JavaScript: a message, 차단, 나가기, 신고.

const notFound = (id: string) => data(`Page not found: /messages/${id}`, { status: 404 });

function conversationId(raw: string): number {
  if (!isPathId(raw)) throw notFound(raw);
  return Number(raw);
}

/** The item a conversation is about, as its page shows it: the section's kind and address, and the
 * record its kind's facts read. None for a direct conversation, or an item gone or hidden. */
async function itemAbout(deps: Deps, caller: Caller, head: ConversationView['item']) {
  if (!head.target) return null;
  const target = head.target;
  try {
    const item = (await getContent(deps, target, caller, head.item)) as KindItem;
    const section = sectionOfItem(target, item.topcategory);
    return section ? { section: section.key, path: `${section.path}/${item.id}`, item } : null;
  } catch (err) {
    if (statusOf(err) === 404) return null;
    throw err;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const id = conversationId(params.id);
  const url = new URL(request.url);
  const before = url.searchParams.get('before');
  const view = await orPageError(async () =>
    readConversation(deps, caller, id, parseInput(ConversationReadQuerySchema, before ? { before } : {})),
  );
  const [read, blocks, about, reported] = await Promise.all([
    // The newest messages are on the screen: they are read.
    before ? undefined : markRead(deps, caller, id),
    listBlocks(deps, caller),
    itemAbout(deps, caller, view.item),
    reportedItems(deps, caller, 'conversation', [id]),
  ]);
  const timeZone = deps.env.SITE_TIMEZONE;
  return {
    siteName: deps.env.SITE_NAME,
    timeZone,
    today: todayIn(timeZone),
    me: actor.id,
    view,
    about,
    blocked: blocks.items.some((b) => b.id === view.item.other.id),
    reported: reported.includes(id),
    justReported: url.searchParams.get('reported') === '1',
    unreadMessages: read?.unread,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const id = conversationId(params.id);
  const path = `/messages/${id}`;
  const sent = await formFields(request);
  const intent = String(sent.intent ?? '');
  const content = typeof sent.content === 'string' ? sent.content : '';
  try {
    const other = (await orPageError(readConversation(deps, caller, id, {}))).item.other.id;
    if (intent === 'send') {
      const { id: message } = await sendMessage(deps, caller, id, parseInput(MessageInputSchema, { content }));
      return redirect(`${path}#message-${message}`, 303);
    }
    if (intent === 'block') await blockMember(deps, caller, parseInput(BlockSchema, { user: other }));
    else if (intent === 'unblock') await unblockMember(deps, caller, other);
    else if (intent === 'leave') {
      if (sent.confirmed !== '1') return { asked: 'leave' as const };
      await leaveConversation(deps, caller, id);
      return redirect('/messages', 303);
    } else if (intent === 'report') {
      const input = parseInput(ReportSaveSchema, { target: 'conversation', item: id, reason: sent.reason, detail: sent.detail ?? '' });
      await reportItem(deps, caller, input);
      return redirect(`${path}?reported=1`, 303);
    } else throw notFound(params.id);
    return redirect(path, 303);
  } catch (err) {
    const message = refusalMessage(err);
    if (!message) throw err;
    const refusal: ConversationRefusal = { intent, message, ...(intent === 'send' && { content: content.slice(0, MESSAGE_MAX) }) };
    const outcome: ReportOutcome | undefined =
      intent === 'report'
        ? { target: 'conversation', item: id, message, reason: String(sent.reason ?? ''), detail: String(sent.detail ?? '') }
        : undefined;
    return data({ refusal, outcome }, { status: statusOf(err) });
  }
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, `${d.view.item.other.nickname}님과의 대화`) }, { name: 'robots', content: 'noindex' }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  // Opening it read its messages: the header's 쪽지 count (drawn beside this loader) follows.
  const unread = d.unreadMessages;
  useEffect(() => {
    if (unread !== undefined) setUnreadMessages(unread);
  }, [unread]);
  const path = `/messages/${d.view.item.id}`;
  const Facts = d.about ? kindOf(d.about.section).chat?.Facts : undefined;
  const refused = actionData && 'refusal' in actionData ? actionData : undefined;
  return (
    <main id="main" className="sm:px-4 sm:py-6">
      <Conversation
        key={d.view.item.id}
        view={d.view}
        me={d.me}
        about={d.about ? { path: d.about.path, facts: Facts ? <Facts item={d.about.item} /> : null } : null}
        blocked={d.blocked}
        timeZone={d.timeZone}
        today={d.today}
        path={path}
        refusal={refused && refused.refusal.intent !== 'report' ? refused.refusal : undefined}
        report={
          <ReportControl
            target="conversation"
            item={d.view.item.id}
            path={path}
            what="대화방"
            compact
            reported={d.reported}
            outcome={refused?.outcome ?? (d.justReported ? { target: 'conversation', item: d.view.item.id, done: true } : undefined)}
          />
        }
        askedLeave={
          actionData && 'asked' in actionData ? (
            <ConfirmForm {...LEAVE_QUESTION} action={path} fields={{ intent: 'leave' }} cancel={path} confirm="나가기" />
          ) : null
        }
      />
    </main>
  );
}
