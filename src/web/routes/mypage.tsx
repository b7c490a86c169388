import { Link } from '../components/ui/link.tsx';
import { InquiryStatus } from '#shared/enums.ts';
import { memberPath } from '#shared/site.ts';
import { countContent } from '#server/modules/content/content.service.ts';
import { listMyLikes } from '#server/modules/like/like.service.ts';
import { unreadCount } from '#server/modules/notification/notification.service.ts';
import { unreadMessageCount } from '#server/modules/message/message.service.ts';
import { suspensionOf } from '#server/modules/user/user.service.ts';
import { formatDateTime } from '#shared/format.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { SuspensionNotice } from '../features/member/suspension-notice.tsx';
import { pageContext } from '../entry.server.tsx';
import { pageTitle } from '../lib/titles.ts';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import type { Route } from './+types/mypage.ts';

// 마이페이지: my unread notifications and messages, how many things I liked and asked (answered ones apart),
// each a way into its page.

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const [suspension, unread, unreadMessages, likes, asked, answered] = await Promise.all([
    suspensionOf(deps, actor.id),
    unreadCount(deps, actor.id),
    unreadMessageCount(deps, actor.id),
    listMyLikes(deps, caller, { page: 1, size: 1 }),
    // Scoped to the member's own: for an admin the service would count everyone's.
    countContent(deps, 'inquiry', caller, { user: actor.id }),
    countContent(deps, 'inquiry', caller, { user: actor.id, status: InquiryStatus.answered }),
  ]);
  const suspended = suspension && { until: formatDateTime(suspension.until, deps.env.SITE_TIMEZONE), reason: suspension.reason };
  return {
    siteName: deps.env.SITE_NAME,
    id: actor.id,
    suspended,
    unread,
    unreadMessages,
    likes: likes.total,
    inquiries: asked.total,
    answered: answered.total,
  };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, '마이페이지') }] : [];
}

function Card({ to, label, value, note }: { to: string; label: string; value?: number; note: string }) {
  return (
    <li>
      <Link to={to} className="block h-full rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-600">
        <span className="block text-lg font-bold">{label}</span>
        {value !== undefined ? (
          <span className="mt-1 block text-3xl font-extrabold text-brand-700">{value.toLocaleString('en-US')}</span>
        ) : null}
        <span className="mt-1 block text-slate-600">{note}</span>
      </Link>
    </li>
  );
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  return (
    <SectionFrame title="마이페이지" crumbs={[{ label: '마이페이지' }]}>
      {d.suspended ? (
        <div className="mb-6">
          <SuspensionNotice until={d.suspended.until} reason={d.suspended.reason} />
        </div>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card to="/mypage/notifications" label="알림" value={d.unread} note="읽지 않은 알림" />
        <Card to="/messages" label="쪽지" value={d.unreadMessages} note="읽지 않은 메시지" />
        <Card to="/mypage/alerts" label="키워드 알림" note="관심 있는 말이 들어간 새 글 알림 받기" />
        <Card to="/mypage/listings" label="내 판매·구인 글" note="마감 전 끌어올리기, 마감된 글 다시 게시" />
        <Card to={memberPath(d.id)} label="내 프로필" note="다른 회원에게 보이는 글과 받은 거래후기" />
        <Card to="/mypage/writings" label="내가 쓴 글 · 내 댓글" note="게시판마다 쓴 글과 남긴 댓글 모아보기" />
        <Card to="/mypage/like" label="좋아요한 글" value={d.likes} note="마음에 든 글 모아보기" />
        <Card to="/mypage/inquiry" label="내 문의" value={d.inquiries} note={`답변완료 ${d.answered}건`} />
        <Card to="/mypage/myinfo" label="내 정보" note="이름, 닉네임, 연락처, 비밀번호 변경" />
      </ul>
    </SectionFrame>
  );
}
