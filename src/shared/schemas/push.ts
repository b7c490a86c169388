import { z } from 'zod';

// Web push subscriptions (PRODUCT.md "On the phone like an app"), as a browser's
// PushSubscription.toJSON() gives them.

/** base64url of `bytes` bytes, unpadded or padded. */
function base64url(bytes: number, first = '[A-Za-z0-9_-]') {
  const chars = Math.ceil((bytes * 4) / 3);
  const pad = (4 - (chars % 4)) % 4;
  return z
    .string()
    .regex(new RegExp(`^${first}[A-Za-z0-9_-]{${chars - 1}}={0,${pad}}$`), { error: `base64url의 ${bytes}바이트가 아닙니다` });
}

const endpoint = z.url({ protocol: /^https?$/, error: '푸시 주소(endpoint)는 https 주소여야 합니다' }).max(2048);

export const PushSubscriptionSchema = z.strictObject({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // An uncompressed P-256 point: 65 bytes, the first 0x04 (base64url 'B').
    p256dh: base64url(65, 'B'),
    auth: base64url(16),
  }),
});
export type PushSubscriptionInput = z.output<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = z.strictObject({ endpoint });
export type PushUnsubscribeInput = z.output<typeof PushUnsubscribeSchema>;

/** The refusals of a subscription the schema cannot see. */
export const PushMessages = {
  endpoint: '푸시 주소(endpoint)는 공개된 인터넷의 https 주소여야 합니다',
  key: '구독 키(p256dh)가 올바른 P-256 공개 키가 아닙니다',
} as const;
