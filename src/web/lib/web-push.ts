import { SERVICE_WORKER_URL } from '#shared/app-shell.ts';
import type { ApiAnswer } from './api-client.ts';
import { api } from './session.ts';

// This browser's web push subscription (PRODUCT.md "On the phone like an app"): made through the
// service worker with the site's VAPID key, and told to the server.

/** Whether this browser can take pushes at all (an iPhone only once the site is installed). */
export function canPush(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration()).pushManager.getSubscription();
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Asks the browser for permission and subscribes it; answers the server's answer, or 'denied'
 * when the member refused notifications. */
export async function subscribePush(): Promise<ApiAnswer<unknown> | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const key = await api.get<{ key: string }>('/push/key');
  if (key.code !== 'ok') return key;
  const subscription = await (await registration()).pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOf(key.key),
  });
  return api.post('/push/subscription', subscription.toJSON());
}

/** Ends this browser's subscription, here and on the server. */
export async function unsubscribePush(): Promise<ApiAnswer<unknown>> {
  const subscription = await currentSubscription();
  if (!subscription) return { code: 'ok' };
  const answer = await api.delete('/push/subscription', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
  return answer;
}
