import { ALERT_MAX, type AlertMailMode } from '#shared/alerts.ts';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';

// Keyword alerts' rules: how many a member keeps, and which mail a member gets when several of
// their keywords match one item (they hear of the item once).

export function requireRoomForAlert(count: number): void {
  if (count >= ALERT_MAX) {
    throw new AppError(400, ErrorKey.invalid, { field: 'keyword', detail: `키워드는 ${ALERT_MAX}개까지 등록할 수 있습니다` });
  }
}

const MAIL_RANK: Record<AlertMailMode, number> = { none: 0, daily: 1, instant: 2 };

/** The sooner of two mail choices. */
export function soonerMail(a: AlertMailMode, b: AlertMailMode): AlertMailMode {
  return MAIL_RANK[b] > MAIL_RANK[a] ? b : a;
}
