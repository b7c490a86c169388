import type { ModerateInput, ModerationAction } from '#shared/schemas/admin.ts';
import { api } from '../../lib/session.ts';

// The moderators' calls and words, shared by the admin list (moderation.tsx) and an item's own
// page (item-moderation.tsx), so both say and do the same; a kind's own part is declared with the
// kind (web/kinds) and handed to both.

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

/** An item as moderation reads it: the fields a kind's state and flags name. */
export type ModeratedFields = Readonly<Record<string, unknown>>;

/** A switch admins set on an item of some kinds (업소록's 프리미엄, 메인 노출), saved with PUT on
 * the item's resource (its admin fields). */
export interface ModerationFlag {
  field: string;
  on: number;
  off: number;
  /** The item's state while on, the button that sets it, the one that clears it. */
  label: string;
  set: string;
  unset: string;
}

/** What a kind adds to moderation (web/kinds): its item's name, what `close` does for it, its
 * state column and its flags. */
export interface KindModeration {
  /** How the item's box names it, alone and as an object (을/를); 글 when left out. */
  noun?: readonly [string, string];
  /** `close` (SPEC §3 status 2): its button, the state it leaves, and whether an item is in it. */
  close?: { action: string; state: string; closed: (item: ModeratedFields) => boolean };
  /** The admin list's state column; the flags that are on when left out. */
  state?: (item: ModeratedFields) => string;
  flags?: readonly ModerationFlag[];
}

export const isOn = (item: ModeratedFields, flag: ModerationFlag) => item[flag.field] === flag.on;

export function setFlag(target: string, id: number, flag: ModerationFlag, on: boolean) {
  return api.put(`/${target}`, { id, [flag.field]: on ? flag.on : flag.off });
}
