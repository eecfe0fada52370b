import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { MSG, signUpSchema } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toastValidationError } from '../../../lib/validation-toast';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useSignUp } from '../api/sign-up';
import { useSiteName } from '../../../lib/public-config';

const fields = ['email', 'password', 'username'] as const;
type Field = (typeof fields)[number];
const isField = (name: string | undefined): name is Field => (fields as readonly (string | undefined)[]).includes(name);

export function SignUpForm() {
  const navigate = useNavigate();
  const siteName = useSiteName();
  const signUp = useSignUp();
  const form = useForm({
    shouldFocusError: false,
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', username: '' },
  });
  const { errors } = form.formState;

  function showFailure(error: unknown) {
    if (!(error instanceof ApiError)) {
      toast.error(MSG.genericError, { description: errorMessage(error) });
      return;
    }
    if (error.code === 'ACCOUNT_EXISTS') {
      toast.error(MSG.accountExists, { description: MSG.accountExistsDetail });
      return;
    }
    if (error.status === 429) {
      toast.error(error.message);
      return;
    }
    // USERNAME_TAKEN and 400s name the field at fault: show the message there too.
    if (isField(error.field)) form.setError(error.field, { message: error.message }, { shouldFocus: true });
    toast.error(MSG.signupFailed, { description: error.message });
  }

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        await signUp.mutateAsync(input);
      } catch (error) {
        showFailure(error);
        return;
      }
      toast.success(MSG.welcomeNew(siteName));
      await navigate('/', { replace: true });
    },
    (invalid, event) => {
      focusFirstInvalid(event?.target, invalid);
      toastValidationError(signUpSchema, form.getValues());
    },
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Sign Up">
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
        autoComplete="new-password"
        hint={MSG.passwordHint}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label="Username"
        labelAside="Optional"
        autoComplete="username"
        hint="Leave blank to use the part of your email before the @"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        Create Account
      </Button>
    </form>
  );
}
