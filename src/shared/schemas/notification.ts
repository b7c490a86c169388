import { z } from 'zod';
import { MailSettingKinds, PushKinds } from '../notifications.ts';
import { paging, positiveId } from './fields.ts';

// Notifications (PRODUCT.md, beyond the spec): a member's list, marking read, e-mail choices.

/** GET /api/notification: newest first. */
export const NotificationListQuerySchema = z.strictObject(paging(20, { maxPage: 100_000 }));

/** PUT /api/notification/read: some of mine by id, or all of them. */
export const NotificationReadSchema = z
  .strictObject({
    ids: z.array(positiveId).min(1).max(500).optional(),
    all: z.literal(true).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), {
    path: ['ids'],
    error: '읽음으로 표시할 알림(ids) 또는 all: true 중 하나를 보내세요',
  });
export type NotificationReadInput = z.output<typeof NotificationReadSchema>;

/** A time of day in the site's zone, as a member sets quiet hours: "22:00". */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: '시각은 22:00처럼 적어 주세요' });

/** Quiet hours: pushes due from `from` until `to` (over midnight when `to` is earlier) are not
 * sent; the notification stays. */
export const QuietHoursSchema = z
  .strictObject({ from: clockTime, to: clockTime })
  .refine((v) => v.from !== v.to, { path: ['to'], error: '시작과 끝 시각이 같습니다' });
export type QuietHours = z.output<typeof QuietHoursSchema>;

/** PUT /api/notification/settings: the kinds that also go by e-mail (the rest only on the site),
 * the kinds pushed to the member's browsers and the quiet hours (null: none). `push` and `quiet`
 * left out keep what was saved. */
export const NotificationSettingsSchema = z.strictObject({
  mail: z.array(z.enum(MailSettingKinds)).max(MailSettingKinds.length),
  push: z.array(z.enum(PushKinds)).max(PushKinds.length).optional(),
  quiet: QuietHoursSchema.nullable().optional(),
});
export type NotificationSettingsInput = z.output<typeof NotificationSettingsSchema>;

/** GET /api/notification/settings. */
export interface NotificationSettings {
  mail: (typeof MailSettingKinds)[number][];
  push: (typeof PushKinds)[number][];
  quiet: QuietHours | null;
}
