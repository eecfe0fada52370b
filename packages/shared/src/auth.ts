import type { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';


/** The first message of a failed parse: what 'Validation Error' shows. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.genericError;
}

/** The names nobody may take: they read as the forum itself or as the deleted-author label. */
export const RESERVED_USERNAMES = ['unknown', 'admin', 'moderator', 'system', 'fenestra', 'support'] as const;
export const isReservedUsername = (username: string): boolean =>
  (RESERVED_USERNAMES as readonly string[]).includes(username.trim().toLowerCase());

/**
 * A username made from the part of an email before the @ (DESIGN.md): lower-cased, other characters
 * become '-', cut to 30, padded with digits to 3. Uniqueness is the caller's job.
 */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  let name = local.toLowerCase().replace(/[^a-z0-9_-]/g, '-').slice(0, LIMITS.username.max);
  while (name.length < LIMITS.username.min) name += '0';
  return name;
}
