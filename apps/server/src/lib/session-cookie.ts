import { createHmac, timingSafeEqual } from 'node:crypto';

// better-auth's session cookie is `token.base64(HMAC-SHA256(secret, token))`, URI-encoded.
export const SESSION_COOKIE = 'fenestra.session_token';
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    if (key === name || key === `__Secure-${name}`) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The verified session token of a request's cookie header, or null (absent, malformed or forged). */
export function verifiedSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  const raw = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
