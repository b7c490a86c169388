import { data, redirect } from 'react-router';
import { isPathId } from '#shared/schemas/fields.ts';
import { safeReturnPath } from '#shared/site.ts';
import { openNotification } from '#server/modules/notification/notification.service.ts';
import { pageContext } from '../entry.server.tsx';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { orPageError } from '../lib/service-errors.server.ts';
import type { Route } from './+types/mypage-notification-open.ts';

// Opening a notification: marked read, then on to its item. A link, not a script, so it works
// without JavaScript; another member's notification is not found.
export async function loader({ params, context }: Route.LoaderArgs) {
  requireMemberPage(context);
  if (!isPathId(params.id)) throw data('찾는 항목이 없습니다', { status: 404 });
  const { deps, caller } = context.get(pageContext);
  const { link } = await orPageError(openNotification(deps, caller, Number(params.id)));
  throw redirect(safeReturnPath(link));
}
