import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { MSG, resetRequestSchema } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { toastValidationError } from '../../../lib/validation-toast';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ForgotPasswordDialog({ open, onOpenChange }: ForgotPasswordDialogProps) {
  const requestReset = useRequestPasswordReset();
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        await requestReset.mutateAsync(input);
      } catch (error) {
        toast.error(MSG.resetFailed, { description: errorMessage(error) });
        return;
      }
      toast.success(MSG.checkEmail, { description: MSG.checkEmailDetail });
      form.reset();
      onOpenChange(false);
    },
    (invalid, event) => {
      focusFirstInvalid(event?.target, invalid);
      toastValidationError(resetRequestSchema, form.getValues());
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Reset your password"
        description="Enter your account's email address and we will send you a link to set a new password."
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
            Send reset link
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
