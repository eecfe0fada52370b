import { z } from 'zod';
import { EMAIL_PREFERENCE_KEYS, LIMITS, PRESET_AVATARS } from './limits.js';
import { MSG } from './messages.js';
import { usernameSchema } from './auth-schemas.js';
import { DELETE_ACCOUNT_WORD } from './members.js';
import { text } from './text.js';

// Settings forms and routes (SPEC sections 2 'Settings', 5 'Profile', 8 'Settings').
/** PATCH /api/settings/profile: only the fields that changed. */
export const profileUpdateSchema = z.object({
  username: usernameSchema.optional(),
  bio: text().trim().max(LIMITS.bio.max, MSG.bioMax).optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** PUT /api/settings/avatar: a preset emoji, or an avatar upload made with POST /api/uploads/images (purpose=avatar). */
export const avatarUpdateSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('preset'), emoji: z.enum(PRESET_AVATARS, MSG.invalidAvatar) }),
    z.object({ kind: z.literal('upload'), uploadId: z.uuid(MSG.avatarUploadNotFound) }),
  ],
  { error: MSG.invalidAvatar },
);
export type AvatarUpdateInput = z.infer<typeof avatarUpdateSchema>;

/** PUT /api/settings/email-preferences: all six booleans. */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_PREFERENCE_KEYS.map((k) => [k, z.boolean()])) as Record<
    (typeof EMAIL_PREFERENCE_KEYS)[number],
    z.ZodBoolean
  >,
);
export type EmailPreferencesInput = z.infer<typeof emailPreferencesSchema>;

export const deleteAccountSchema = z.object({
  confirm: z.literal(DELETE_ACCOUNT_WORD, MSG.confirmWord(DELETE_ACCOUNT_WORD)),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
