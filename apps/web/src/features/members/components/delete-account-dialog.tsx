import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { DELETE_ACCOUNT_WORD, deleteAccountSchema, MSG } from '@fenestra/shared';
import { ConfirmWordDialog } from '../../../components/ui/confirm-word-dialog';
import { DestructiveButton } from '../../../components/ui/destructive-button';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { dropToVisitor } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';

/** 'Delete account': explains what goes and what stays, and asks for the exact word CONFIRM. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  const deleted = useRef(false);

  // Once the settings page has gone (the navigation home committed), the former member becomes a visitor:
  // the member-only page's guard never sees a visitor, so it does not send them to sign in.
  useEffect(
    () => () => {
      if (!deleted.current) return;
      dropToVisitor(client);
      toast.success(MSG.accountDeleted);
    },
    [client],
  );

  async function deleteIt(typed: string) {
    await deleteAccount.mutateAsync(deleteAccountSchema.parse({ confirm: typed }));
    deleted.current = true;
    void navigate(paths.home, { replace: true });
  }

  return (
    <>
      <DestructiveButton onClick={() => setOpen(true)}>Delete account</DestructiveButton>
      <ConfirmWordDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="This cannot be undone."
        word={DELETE_ACCOUNT_WORD}
        matches={(typed) => deleteAccountSchema.safeParse({ confirm: typed }).success}
        mismatch={MSG.confirmWord(DELETE_ACCOUNT_WORD)}
        label={`Type ${DELETE_ACCOUNT_WORD} to delete your account`}
        failureMessage={errorMessage}
        confirmLabel="Delete account"
        busyLabel="Deleting..."
        busy={deleteAccount.isPending}
        destructive
        onConfirm={deleteIt}
      >
        <div className="space-y-2 text-sm text-fg">
          <p>Deleting your account removes at once:</p>
          <ul className="list-disc space-y-0.5 pl-5 text-muted">
            <li>your account and sign-in</li>
            <li>your profile and avatar</li>
            <li>your likes and bookmarks</li>
            <li>your notifications</li>
          </ul>
          <p>
            Your questions and replies stay on the forum, shown as written by{' '}
            <span className="font-medium">unknown</span>.
          </p>
        </div>
      </ConfirmWordDialog>
    </>
  );
}
