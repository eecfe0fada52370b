import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { LIMITS, MSG, type Settings } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toastValidationError } from '../../../lib/validation-toast';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useChangePassword } from '../api/change-password';
import { useUpdateEmailPreferences } from '../api/update-email-preferences';
import { useUpdateDigest } from '../api/update-digest';
import { useUpdateProfile } from '../api/update-profile';
import {
  formValuesOf,
  pendingChanges,
  settingsFormSchema,
  type SettingsFormInput,
  type SettingsFormValues,
} from '../lib/settings-form';
import { EmailPreferenceFields } from './email-preference-fields';
import { PasswordFields } from './password-fields';
import { PasswordSetupNotice } from './password-setup-notice';
import { SettingsSection } from './settings-section';
import { queryKeys } from '../../../lib/query-keys';

type Part = 'profile' | 'emailPreferences' | 'password';
type FieldName = keyof SettingsFormInput;
interface Failure {
  part: Part;
  message: string;
  /** The field the message belongs to, shown there too. */
  field?: FieldName;
}

function describeFailure(part: Part, error: unknown): Failure {
  const apiError = error instanceof ApiError ? error : null;
  if (part === 'profile') {
    if (apiError && (apiError.field === 'username' || apiError.field === 'bio'))
      return { part, message: apiError.message, field: apiError.field };
    return { part, message: MSG.failedProfile };
  }
  if (part === 'password') {
    if (apiError?.code === 'WRONG_PASSWORD')
      return { part, message: MSG.failedPasswordCheck, field: 'currentPassword' };
    if (apiError?.status === 400 && apiError.field === 'newPassword')
      return { part, message: apiError.message, field: 'newPassword' };
    return { part, message: MSG.failedPassword };
  }
  return { part, message: MSG.failedEmailPreferences };
}

/**
 * Username, bio, read-only email, password and email notifications. Save Changes sends only what
 * changed, in parallel, and says which parts failed; Cancel restores the saved values.
 */
export function SettingsForm({ settings }: { settings: Settings }) {
  const client = useQueryClient();
  const updateProfile = useUpdateProfile();
  const updatePreferences = useUpdateEmailPreferences();
  const updateDigest = useUpdateDigest();
  const changePassword = useChangePassword();
  const form = useForm<SettingsFormInput, unknown, SettingsFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValuesOf(settings),
    // Validate on submit, then as the member types: a blur never moves the form under the pointer mid-click.
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const bioId = useId();
  const bioLength = useWatch({ control: form.control, name: 'bio' }).trim().length;

  async function save(values: SettingsFormValues) {
    const { profile, emailPreferences, digest, password } = pendingChanges(values, settings);
    const tasks: [Part, () => Promise<unknown>][] = [];
    if (profile) tasks.push(['profile', () => updateProfile.mutateAsync(profile)]);
    if (emailPreferences) tasks.push(['emailPreferences', () => updatePreferences.mutateAsync(emailPreferences)]);
    if (digest) tasks.push(['emailPreferences', () => updateDigest.mutateAsync(digest)]);
    if (password) tasks.push(['password', () => changePassword.mutateAsync(password)]);

    if (tasks.length === 0) {
      form.reset(formValuesOf(settings));
      toast.success(MSG.settingsSaved);
      return;
    }

    const results = await Promise.allSettled(tasks.map(([, run]) => run()));
    const failures = results.flatMap((result, i) =>
      result.status === 'rejected' ? [describeFailure(tasks[i]![0], result.reason)] : [],
    );
    const failed = new Set(failures.map((failure) => failure.part));

    // What saved becomes the new starting point; what failed keeps what the member typed, to fix and retry.
    const saved = formValuesOf(client.getQueryData<Settings>(queryKeys.settings) ?? settings);
    form.reset({
      ...saved,
      ...(failed.has('profile') ? { username: values.username, bio: values.bio } : {}),
      ...(failed.has('emailPreferences') ? { emailPreferences: values.emailPreferences, digest: values.digest } : {}),
      ...(failed.has('password')
        ? {
            currentPassword: values.currentPassword,
            newPassword: values.newPassword,
            confirmPassword: values.confirmPassword,
          }
        : {}),
    });
    for (const { field, message } of failures) {
      if (field) form.setError(field, { message }, { shouldFocus: true });
    }

    const passwordChanged = Boolean(password) && !failed.has('password');
    const description = failures.map((failure) => failure.message).join(' ');
    if (failures.length === 0 && tasks.length === 1 && passwordChanged) toast.success(MSG.passwordUpdated);
    else if (failures.length === 0)
      toast.success(MSG.settingsSaved, { description: passwordChanged ? MSG.passwordUpdated : undefined });
    // One failure: its own words are the title. Several: what happened overall, then each part.
    else if (failures.length === 1) toast.error(failures[0]!.message);
    else if (failures.length === tasks.length) toast.error(MSG.failedSaveSettings, { description });
    else toast.error(MSG.someSettingsFailed, { description });
  }

  const onSubmit = form.handleSubmit(save, (invalid, event) => {
    focusFirstInvalid(event?.target, invalid);
    toastValidationError(settingsFormSchema, form.getValues());
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Account settings" className="space-y-6">
      <SettingsSection
        title="Profile"
        description="Your username and bio appear on your profile and next to your questions and replies."
      >
        <div className="space-y-5">
          <FormField
            label="Username"
            autoComplete="username"
            hint="3-30 letters, numbers, underscores or hyphens."
            error={errors.username?.message}
            {...form.register('username')}
          />
          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={bioId}>Bio</Label>
              <span
                id={`${bioId}-count`}
                className={cn(
                  'text-xs tabular-nums',
                  bioLength > LIMITS.bio.max ? 'font-semibold text-danger' : 'text-muted',
                )}
              >
                {bioLength}/{LIMITS.bio.max}
                <span className="sr-only"> characters</span>
              </span>
            </div>
            <Textarea
              id={bioId}
              rows={4}
              className="min-h-24 resize-y"
              placeholder="Tell the community what you work on: windows, doors, restorations..."
              aria-invalid={errors.bio ? true : undefined}
              aria-describedby={cn(`${bioId}-count`, errors.bio && `${bioId}-error`)}
              {...form.register('bio')}
            />
            {errors.bio && (
              <p id={`${bioId}-error`} className="text-sm text-danger">
                {errors.bio.message}
              </p>
            )}
          </div>
          <FormField
            label="Email"
            type="email"
            value={settings.email}
            readOnly
            hint={MSG.emailReadOnly}
            className="bg-surface-muted text-muted"
          />
        </div>
      </SettingsSection>

      <SettingsSection
        title="Change password"
        description={
          settings.hasPassword
            ? 'Leave these empty to keep your current password. Changing it signs you out everywhere else.'
            : undefined
        }
      >
        {settings.hasPassword ? (
          <PasswordFields register={form.register} errors={errors} />
        ) : (
          <PasswordSetupNotice email={settings.email} />
        )}
      </SettingsSection>

      <SettingsSection
        title="Email notifications"
        description="Choose what we email you about. You always see notifications in the bell."
      >
        <EmailPreferenceFields register={form.register} />
      </SettingsSection>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={isSubmitting} onClick={() => form.reset(formValuesOf(settings))}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
