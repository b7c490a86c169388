import { z } from 'zod';
import { MailSettingKinds } from '../notifications.ts';
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

/** PUT /api/notification/settings: the kinds that also go by e-mail (the rest only on the site). */
export const NotificationSettingsSchema = z.strictObject({
  mail: z.array(z.enum(MailSettingKinds)).max(MailSettingKinds.length),
});
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;
