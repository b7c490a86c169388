import { BusinessMain, BusinessType, MarketStatus, MarketStatusLabel } from '#shared/enums.ts';
import type { ModerateInput, ModerationAction } from '#shared/schemas/admin.ts';
import { api } from '../../lib/session.ts';

// The moderators' calls and words, shared by the admin list (moderation.tsx) and an item's own
// page (item-moderation.tsx), so both say and do the same.

/** POST /api/admin/moderate: one action over items of one kind, all or nothing. */
export function moderate(input: ModerateInput) {
  return api.post('/admin/moderate', input);
}

/** The toast after each action went through. */
export const MODERATION_DONE: Record<ModerationAction, string> = {
  hide: '숨겼습니다',
  show: '다시 보이게 했습니다',
  close: '마감했습니다',
  delete: '삭제했습니다',
};

/** `close` makes a market post 거래완료 and a job 마감 (SPEC §3 status 2): the button, and the
 * state it leaves. */
export const CLOSING = {
  market: { action: '거래완료 처리', state: MarketStatusLabel[MarketStatus.complete] },
  jobs: { action: '마감 처리', state: '마감' },
} as const;

/** PRODUCT.md: a business listing's premium (type) and main exposure (main) are set by admins
 * only, as the admin fields of PUT /api/business. */
export const BUSINESS_FLAGS = [
  { field: 'type', on: BusinessType.premium, off: BusinessType.normal, label: '프리미엄', set: '프리미엄 지정', unset: '프리미엄 해제' },
  { field: 'main', on: BusinessMain.main, off: BusinessMain.normal, label: '메인 노출', set: '메인 노출', unset: '메인 노출 해제' },
] as const;
export type BusinessFlag = (typeof BUSINESS_FLAGS)[number];

export function setBusinessFlag(id: number, flag: BusinessFlag, on: boolean) {
  return api.put('/business', { id, [flag.field]: on ? flag.on : flag.off });
}
