import { toast } from '../../../lib/toast';
import { KeyRound } from 'lucide-react';
import { MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSendPasswordSetupEmail } from '../api/send-password-setup-email';

/** For members who signed in with Google: no password to change, but the reset email sets a first one. */
export function PasswordSetupNotice({ email }: { email: string }) {
  const sendEmail = useSendPasswordSetupEmail();

  function send() {
    sendEmail.mutate(email, {
      onSuccess: () => toast.success(MSG.checkEmail, { description: MSG.checkEmailDetail }),
      onError: (error) => toast.error(MSG.resetFailed, { description: errorMessage(error) }),
    });
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-surface-muted p-4 sm:flex-row sm:items-center">
      <KeyRound className="size-5 shrink-0 text-muted" aria-hidden />
      <p className="flex-1 text-sm text-fg">
        {MSG.setPasswordViaReset} It is the same email as &lsquo;Forgot password?&rsquo; on the sign-in page.
      </p>
      <Button variant="secondary" onClick={send} disabled={sendEmail.isPending}>
        {sendEmail.isPending ? 'Sending...' : 'Send password email'}
      </Button>
    </div>
  );
}
