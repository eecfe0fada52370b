import { z } from 'zod';
import { MSG } from './messages.js';
import { text } from './text.js';
import { passwordSchema } from './auth-schemas.js';

// Request contracts the routes declare that no form shares (the forms' own live beside them in *-schemas.ts).

/** POST /api/account/change-password: what the server checks (the form's confirmation stays in the browser). */
export const changePasswordRequestSchema = z.object({
  currentPassword: text().min(1, MSG.currentPasswordRequired),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
