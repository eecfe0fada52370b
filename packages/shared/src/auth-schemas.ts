import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';
import { text } from './text.js';

// Account forms and routes (zod: kept apart from auth.ts, so a page that only reads names loads no zod).

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
