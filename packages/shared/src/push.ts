import { EMAIL_PREFERENCE_KEYS } from './limits.js';

// Web Push (issue 29). A member turns push on for a device in Settings; each notification that has an email
// preference is pushed too, to every device, when its kind is on here.
//
//   GET    /api/settings/push                   -> PushSettings: the server's public key, the devices, the kinds.
//   POST   /api/settings/push/devices           PushSubscriptionInput -> PushDevice (the same endpoint again: updated).
//   DELETE /api/settings/push/devices/:id       -> Ok (one of the member's own devices; 404 for anyone else's).
//   PUT    /api/settings/push/preferences       PushPreferences -> PushPreferences.
// Members only (401 for visitors, 403 for a banned member's changes).

/** The kinds a member can push: the email preferences' keys, but the ban (a banned member's devices are removed). */
export const PUSH_PREFERENCE_KEYS = EMAIL_PREFERENCE_KEYS.filter(
  (key): key is Exclude<(typeof EMAIL_PREFERENCE_KEYS)[number], 'banned'> => key !== 'banned',
);
export type PushPreferenceKey = (typeof PUSH_PREFERENCE_KEYS)[number];
export type PushPreferences = Record<PushPreferenceKey, boolean>;

/** A member who turned push on for a device wants to hear of everything at first; each kind can be turned off. */
export const DEFAULT_PUSH_PREFERENCES = Object.fromEntries(
  PUSH_PREFERENCE_KEYS.map((key) => [key, true]),
) as PushPreferences;

/** Stored preferences may miss keys (a kind added later): those take the default. */
export function readPushPreferences(stored: unknown): PushPreferences {
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out = { ...DEFAULT_PUSH_PREFERENCES };
  for (const key of PUSH_PREFERENCE_KEYS) if (typeof raw[key] === 'boolean') out[key] = raw[key];
  return out;
}

/** Characters of the notification's text a push carries. */
export const PUSH_BODY_CHARS = 120;

/** What the service worker shows: a push's payload, JSON. */
export interface PushPayload {
  title: string;
  /** The notification's text, its first PUSH_BODY_CHARS characters ('...' when cut). */
  body: string;
  /** Where a click goes: the post, at the reply when there is one. */
  url: string;
  /** The notification's id: one device shows a notification once, whatever retries did. */
  tag: string;
}

export interface PushDevice {
  id: string;
  /** 'Chrome on Android', read from the browser's user agent when it subscribed. */
  device: string;
  /** The push service's address, so a browser can tell which device is itself. */
  endpoint: string;
  createdAt: string;
}

export interface PushSettings {
  /** The VAPID public key (base64url), the browser's applicationServerKey. */
  publicKey: string;
  devices: PushDevice[];
  preferences: PushPreferences;
}
