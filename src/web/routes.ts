import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { itemPagesOf, listOf, type Section, SECTIONS } from '../shared/sections.ts';

// SPEC §2's route table: names are the route ids, paths exactly as the spec gives them. Index,
// login and search have their own layouts; every other route shares the common layout.

/** A section's pages, from sections.ts: its list (`jobs`; a hub's list `customer-faq`), its write
 * page (`jobs-write`) and, where its items have pages of their own, an item's (`jobs-id`). */
function sectionRoutes(section: Section) {
  const list = listOf(section);
  const path = section.path.slice(1);
  const pages = itemPagesOf(section);
  return [
    route(list.path.slice(1), 'routes/section-list.tsx', { id: list.path === section.path ? section.key : `${section.key}-${list.key}` }),
    route(`${path}/write`, 'routes/section-write.tsx', { id: `${section.key}-write` }),
    ...(pages ? [route(`${pages.slice(1)}/:id`, 'routes/section-detail.tsx', { id: `${section.key}-id` })] : []),
  ];
}
export default [
  index('routes/index.tsx', { id: 'index' }),
  route('login', 'routes/login.tsx', { id: 'login' }),
  route('search', 'routes/search.tsx', { id: 'search' }),
  layout('routes/common-layout.tsx', [
    ...SECTIONS.flatMap(sectionRoutes),
    // 고객센터 is a hub: its FAQ is its list (above), beside a 1:1 inquiry.
    route('customer', 'routes/customer.tsx', { id: 'customer' }),
    route('customer/inquiry', 'routes/customer-inquiry.tsx', { id: 'customer-inquiry' }),
    route('customer/faq/:id', 'routes/customer-faq-id.tsx', { id: 'customer-faq-id' }),
    route('events', 'routes/events.tsx', { id: 'events' }),
    route('events/write', 'routes/events-write.tsx', { id: 'events-write' }),
    route('events/:id', 'routes/events-id.tsx', { id: 'events-id' }),
    route('mypage', 'routes/mypage.tsx', { id: 'mypage' }),
    route('mypage/like', 'routes/mypage-like.tsx', { id: 'mypage-like' }),
    route('mypage/myinfo', 'routes/mypage-myinfo.tsx', { id: 'mypage-myinfo' }),
    route('mypage/inquiry', 'routes/mypage-inquiry.tsx', { id: 'mypage-inquiry' }),
    route('mypage/notifications', 'routes/mypage-notifications.tsx', { id: 'mypage-notifications' }),
    route('mypage/notifications/:id', 'routes/mypage-notification-open.tsx', { id: 'mypage-notification-open' }),
    route('mypage/alerts', 'routes/mypage-alerts.tsx', { id: 'mypage-alerts' }),
    route('mypage/listings', 'routes/mypage-listings.tsx', { id: 'mypage-listings' }),
    route('mypage/writings', 'routes/mypage-writings.tsx', { id: 'mypage-writings' }),
    route('member/:id', 'routes/member.tsx', { id: 'member-id' }),
    route('trade/:target/:id', 'routes/trade.tsx', { id: 'trade' }),
    route('messages', 'routes/messages.tsx', { id: 'messages' }),
    route('messages/:id', 'routes/messages-conversation.tsx', { id: 'messages-id' }),
    route('admin', 'routes/admin.tsx', { id: 'admin' }),
    route('admin/user', 'routes/admin-user.tsx', { id: 'admin-user' }),
    route('admin/inquiry', 'routes/admin-inquiry.tsx', { id: 'admin-inquiry' }),
    route('admin/report', 'routes/admin-report.tsx', { id: 'admin-report' }),
    route('admin/queue', 'routes/admin-queue.tsx', { id: 'admin-queue' }),
    route('admin/mainschedule', 'routes/admin-mainschedule.tsx', { id: 'admin-mainschedule' }),
    route('admin/mainschedule/write', 'routes/admin-mainschedule-write.tsx', { id: 'admin-mainschedule-write' }),
    route('admin/system', 'routes/admin-system.tsx', { id: 'admin-system' }),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;
