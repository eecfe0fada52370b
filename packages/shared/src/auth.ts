import type { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

/** The first message of a failed parse: what 'Validation Error' shows. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.genericError;
}

/**
 * The names nobody may take: they read as the forum itself, its staff or the deleted-author label. Whole
 * names (compared as `reservedForm` makes them, a trailing 's' dropped too).
 */
export const RESERVED_USERNAMES = [
  'unknown',
  'admin',
  'moderator',
  'mod',
  'system',
  'sysop',
  'root',
  'fenestra',
  'support',
  'staff',
  'official',
  'owner',
  'webmaster',
  'postmaster',
  'security',
  'deleted',
  'anonymous',
  'everyone',
] as const;
/** Names that start or end with one of these are reserved too: administrator, sysadmin, moderators, fenestra-team. */
export const RESERVED_USERNAME_STEMS = ['admin', 'moderator', 'fenestra'] as const;

const LOOKALIKE_DIGITS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };

/** A username as it reads: lower case, digits that pass for letters read as those letters, separators and other digits gone. */
export const reservedForm = (username: string): string =>
  username
    .trim()
    .toLowerCase()
    .replace(/[013457]/g, (d) => LOOKALIKE_DIGITS[d]!)
    .replace(/[^a-z]/g, '');

/** Whether a username is one of the reserved family: Admin, administrator, adm1n, site_admin, Moderators, root... */
export function isReservedUsername(username: string): boolean {
  const form = reservedForm(username);
  const names = RESERVED_USERNAMES as readonly string[];
  if (names.includes(form) || (form.endsWith('s') && names.includes(form.slice(0, -1)))) return true;
  return RESERVED_USERNAME_STEMS.some((stem) => form.startsWith(stem) || form.endsWith(stem));
}

/**
 * A username made from the part of an email before the @ (DESIGN.md): lower-cased, other characters
 * become '-', cut to 30, padded with digits to 3. Uniqueness is the caller's job.
 */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  let name = local
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '-')
    .slice(0, LIMITS.username.max);
  while (name.length < LIMITS.username.min) name += '0';
  return name;
}
