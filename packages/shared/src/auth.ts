import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';
import { text } from './text.js';

export const emailSchema = text({ error: MSG.emailInvalid })
  .trim()
  .max(LIMITS.email.max, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid));

// 8-100 characters with an uppercase letter, a lowercase letter and a digit (DESIGN.md).
export const passwordSchema = text({ error: MSG.passwordMin })
  .min(LIMITS.password.min, MSG.passwordMin)
  .max(LIMITS.password.max, MSG.passwordMax)
  .refine((p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p), MSG.passwordStrength);

export const usernameSchema = text()
  .trim()
  .min(LIMITS.username.min, MSG.usernameMin)
  .max(LIMITS.username.max, MSG.usernameMax)
  .regex(/^[A-Za-z0-9_-]+$/, MSG.usernameChars);

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  // An empty username means "derive it from the email".
  username: z.union([z.literal(''), usernameSchema]).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: text({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** POST /api/account/reset-password: the token from the emailed link and the new password. */
export const resetWithTokenSchema = z.object({ token: text().min(1, MSG.invalidResetLink), password: passwordSchema });

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: text() })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: text().min(1, MSG.currentPasswordRequired),
    newPassword: passwordSchema,
    confirmPassword: text(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

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
