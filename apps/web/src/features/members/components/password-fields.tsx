import { MSG } from '@fenestra/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import type { SettingsFormInput } from '../lib/settings-form';

interface PasswordFieldsProps {
  register: UseFormRegister<SettingsFormInput>;
  errors: FieldErrors<SettingsFormInput>;
}

/** Current, new and confirmed password: left empty, the password stays as it is. */
export function PasswordFields({ register, errors }: PasswordFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]">
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      </div>
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={MSG.passwordHint}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </div>
  );
}
