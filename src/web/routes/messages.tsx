import { data, redirect } from 'react-router';
import { parseInput } from '#server/lib/parse-input.ts';
import { ConversationListQuerySchema, listConversations, startConversation } from '#server/modules/message/message.service.ts';
import { ConversationStartFormSchema } from '#shared/schemas/page-forms.ts';
import { EmptyState, SectionFrame } from '../components/layout/section-frame.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { pageContext } from '../entry.server.tsx';
import { ConversationList } from '../features/messages/conversation-list.tsx';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { orPageError, refusalMessage, statusOf } from '../lib/service-errors.server.ts';
import { formFields } from '../lib/form-action.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/messages.ts';

// 쪽지: my conversations, the latest activity first. Its action starts one (채팅하기, 쪽지 보내기
// without JavaScript) and goes to it.

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  const list = await orPageError(async () => listConversations(deps, caller, parseInput(ConversationListQuerySchema, { page })));
  return {
    siteName: deps.env.SITE_NAME,
    timeZone: deps.env.SITE_TIMEZONE,
    // One clock for the server's render and the hydrated page: "3분 전" reads the same in both.
    now: new Date().toISOString(),
    me: actor.id,
    ...list,
  };
}

/** 채팅하기 / 쪽지 보내기 from an item's page: the conversation of this pair and item, opened. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const sent = await formFields(request);
  try {
    const { intent: _, ...start } = parseInput(ConversationStartFormSchema, sent);
    const { id } = await startConversation(deps, caller, start);
    return redirect(`/messages/${id}`, 303);
  } catch (err) {
    const message = refusalMessage(err);
    if (!message) throw err;
    return data({ refusal: message }, { status: statusOf(err) });
  }
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '쪽지') }, { name: 'robots', content: 'noindex' }] : [];
}

export default function Page({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <SectionFrame title="쪽지" crumbs={[{ label: '마이페이지', to: '/mypage' }, { label: '쪽지' }]}>
      {actionData?.refusal ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-red-700">
          {actionData.refusal}
        </p>
      ) : null}
      {d.total === 0 ? (
        <EmptyState title="아직 주고받은 쪽지가 없습니다">
          벼룩시장, 구인구직, 업소록 글에서 채팅하기를 누르거나 글쓴이에게 쪽지를 보내면 이곳에 모입니다.
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-slate-600">
            읽지 않은 메시지 <strong className="text-brand-700">{d.unread}</strong>건 · 대화 {d.total}개
          </p>
          <ConversationList items={d.items} me={d.me} timeZone={d.timeZone} now={d.now} />
          <Pagination page={d.page} size={d.size} total={d.total} href={(p) => `/messages?page=${p}`} />
        </>
      )}
    </SectionFrame>
  );
}
