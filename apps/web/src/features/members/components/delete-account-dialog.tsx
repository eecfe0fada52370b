import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { DELETE_ACCOUNT_WORD, deleteAccountSchema, MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { DestructiveButton } from '../../../components/ui/destructive-button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { dropToVisitor } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';

/** 'Delete account': explains what goes and what stays, and asks for the exact word CONFIRM. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = `${inputId}-error`;
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

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setTyped('');
      setError(null);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = deleteAccountSchema.safeParse({ confirm: typed });
    if (!parsed.success) {
      setError(MSG.confirmWord(DELETE_ACCOUNT_WORD));
      return;
    }
    setError(null);
    try {
      await deleteAccount.mutateAsync(parsed.data);
    } catch (failure) {
      // Shown in the dialog: while it is open, everything outside it is hidden from assistive tech.
      setError(errorMessage(failure));
      return;
    }
    deleted.current = true;
    void navigate(paths.home, { replace: true });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <DestructiveButton>Delete account</DestructiveButton>
      </DialogTrigger>
      <DialogContent title="Delete your account?" description="This cannot be undone.">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <div className="space-y-2 text-sm text-fg">
            <p>Deleting your account removes at once:</p>
            <ul className="list-disc space-y-0.5 pl-5 text-muted">
              <li>your account and sign-in</li>
              <li>your profile and avatar</li>
              <li>your likes and bookmarks</li>
              <li>your notifications</li>
            </ul>
            <p>
              Your questions and replies stay on the forum, shown as written by <span className="font-medium">unknown</span>.
            </p>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={inputId}>Type {DELETE_ACCOUNT_WORD} to delete your account</Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <DestructiveButton type="submit" disabled={deleteAccount.isPending}>
              {deleteAccount.isPending ? 'Deleting...' : 'Delete account'}
            </DestructiveButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
