import { z } from 'zod';
import {
  changePasswordSchema,
  digestSchema,
  EMAIL_PREFERENCE_KEYS,
  emailPreferencesSchema,
  profileUpdateSchema,
  usernameSchema,
  type EmailPreferences,
  type Settings,
} from '@fenestra/shared';

/**
 * The settings form: profile fields, the three password fields and the six preferences. The password
 * section counts only once a new or confirmed password is typed (SPEC 5: attempted only when all three
 * are filled); then it follows the change-password rules, so a missing current password or a mismatch
 * stops the save before anything is sent.
 */
export const settingsFormSchema = z
  .object({
    username: usernameSchema,
    bio: profileUpdateSchema.shape.bio.unwrap(),
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
    emailPreferences: emailPreferencesSchema,
    digest: digestSchema.shape.digest,
  })
  .superRefine((values, ctx) => {
    if (!isPasswordChangeStarted(values)) return;
    const result = changePasswordSchema.safeParse(values);
    if (result.success) return;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });

export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormValues = z.output<typeof settingsFormSchema>;

type PasswordFields = Pick<SettingsFormInput, 'newPassword' | 'confirmPassword'>;
export const isPasswordChangeStarted = ({ newPassword, confirmPassword }: PasswordFields) =>
  newPassword !== '' || confirmPassword !== '';

/** The form as saved: what it starts from and what Cancel restores. */
export function formValuesOf(settings: Settings): SettingsFormInput {
  return {
    username: settings.username,
    bio: settings.bio,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
    emailPreferences: { ...settings.emailPreferences },
    digest: settings.digest,
  };
}

export const preferencesChanged = (a: EmailPreferences, b: EmailPreferences) =>
  EMAIL_PREFERENCE_KEYS.some((key) => a[key] !== b[key]);

/** What Save Changes has to send for these (valid, trimmed) values, compared with the saved settings. */
export function pendingChanges(values: SettingsFormValues, saved: Settings) {
  const profile: { username?: string; bio?: string } = {};
  if (values.username !== saved.username) profile.username = values.username;
  if (values.bio !== saved.bio) profile.bio = values.bio;
  return {
    profile: Object.keys(profile).length > 0 ? profile : null,
    emailPreferences: preferencesChanged(values.emailPreferences, saved.emailPreferences)
      ? values.emailPreferences
      : null,
    digest: values.digest !== saved.digest ? { digest: values.digest } : null,
    password: isPasswordChangeStarted(values)
      ? { currentPassword: values.currentPassword, newPassword: values.newPassword }
      : null,
  };
}
