import { MSG, type PushSubscriptionInput } from '@fenestra/shared';

/** Why this browser cannot take push: said in the product's words. */
export class BrowserPushError extends Error {}

export const browserPushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The service worker's registration (the app registers it after the first paint; this waits for it, registering if need be). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const current = await navigator.serviceWorker.getRegistration('/');
  if (!current) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!browserPushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration('/');
  return found ? found.pushManager.getSubscription() : null;
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

/**
 * Asks the browser's permission (only now, on the member's click) and subscribes with the server's key. A subscription
 * made with another key (the server's keys changed) is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  if (!browserPushSupported()) throw new BrowserPushError(MSG.pushUnsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new BrowserPushError(MSG.pushBlocked);
  const { pushManager } = await registration();
  const key = keyBytes(publicKey);
  let subscription = await pushManager.getSubscription();
  const sameKey = subscription?.options.applicationServerKey
    ? new Uint8Array(subscription.options.applicationServerKey).every((byte, i) => byte === key[i])
    : false;
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? '', keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}
