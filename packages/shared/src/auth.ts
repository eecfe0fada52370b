import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

export const emailSchema = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(LIMITS.email.max, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid));

// 8-100 characters with an uppercase letter, a lowercase letter and a digit (DESIGN.md).
export const passwordSchema = z
  .string({ error: MSG.passwordMin })
  .min(LIMITS.password.min, MSG.passwordMin)
  .max(LIMITS.password.max, MSG.passwordMax)
  .refine((p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p), MSG.passwordStrength);

export const usernameSchema = z
  .string()
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
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.currentPasswordRequired),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The first message of a failed parse: what 'Validation Error' shows. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.genericError;
}

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
