import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_PREFERENCE_KEYS, type EmailPreferences } from '@fenestra/shared';

/** A preference a link may turn off: one of the booleans, or the digest (issue 25). */
export type UnsubscribeKey = keyof EmailPreferences | 'digest';
const KEYS: readonly unknown[] = [...EMAIL_PREFERENCE_KEYS, 'digest'];

// A one-click unsubscribe link names a member and one preference, signed so nobody can forge another's.
const signature = (secret: string, body: string) => createHmac('sha256', secret).update(`unsubscribe:${body}`).digest();

export function unsubscribeToken(secret: string, userId: string, key: UnsubscribeKey): string {
  const body = Buffer.from(JSON.stringify({ u: userId, k: key }), 'utf8').toString('base64url');
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

/** The member and preference of a genuine token, or null. */
export function readUnsubscribeToken(secret: string, token: unknown): { userId: string; key: UnsubscribeKey } | null {
  if (typeof token !== 'string') return null;
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { u, k } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u: unknown; k: unknown };
    if (typeof u !== 'string' || !KEYS.includes(k)) return null;
    return { userId: u, key: k as UnsubscribeKey };
  } catch {
    return null;
  }
}
