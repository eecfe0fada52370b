import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { MSG, signInSchema } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toastValidationError } from '../../../lib/validation-toast';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useSignIn } from '../api/sign-in';
import { ForgotPasswordDialog } from './forgot-password-dialog';

function toastSignInFailure(error: unknown) {
  if (!(error instanceof ApiError)) {
    toast.error(MSG.genericError, { description: errorMessage(error) });
  } else if (error.status === 401) {
    toast.error(MSG.loginFailed, { description: MSG.loginFailedDetail });
  } else if (error.status === 429) {
    toast.error(error.message);
  } else {
    // 403 BANNED carries the reason and end date; anything else its own message.
    toast.error(MSG.loginFailed, { description: error.message });
  }
}

export function SignInForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [forgotOpen, setForgotOpen] = useState(false);
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        await signIn.mutateAsync(input);
      } catch (error) {
        toastSignInFailure(error);
        return;
      }
      toast.success(MSG.welcomeBack);
      await navigate('/', { replace: true });
    },
    (invalid, event) => {
      focusFirstInvalid(event?.target, invalid);
      toastValidationError(signInSchema, form.getValues());
    },
  );

  return (
    <>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Sign In">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end">
          <Button variant="link" size="sm" onClick={() => setForgotOpen(true)}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          Sign In
        </Button>
      </form>
      {/* Outside the form: a submit inside the dialog must not bubble (through the portal) into sign-in. */}
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
    </>
  );
}
