import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { MSG, resetPasswordSchema } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { toastValidationError } from '../../../lib/validation-toast';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useResetPassword } from '../api/reset-password';

/** Reset mode of /auth: the token comes from the emailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    async ({ password }) => {
      try {
        await resetPassword.mutateAsync({ token, password });
      } catch (error) {
        toast.error(MSG.passwordUpdateFailed, { description: errorMessage(error) });
        return;
      }
      toast.success(MSG.passwordUpdated);
      await navigate('/', { replace: true });
    },
    (invalid, event) => {
      focusFirstInvalid(event?.target, invalid);
      toastValidationError(resetPasswordSchema, form.getValues());
    },
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Set a new password">
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={MSG.passwordHint}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        Update Password
      </Button>
    </form>
  );
}
