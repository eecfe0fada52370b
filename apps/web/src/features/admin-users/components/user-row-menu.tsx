import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Ban, Gauge, MoreHorizontal, ShieldCheck, Trash2, UserCheck } from 'lucide-react';
import { DELETE_USER_WORD, MSG, type AdminUser, type Role } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmWordDialog } from '../../../components/ui/confirm-word-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { errorMessage } from '../../../lib/api-client';
import { useChangeUser } from '../api/manage-user';
import { BanUserDialog } from './ban-user-dialog';
import { RoleDialog } from './role-dialog';
import { TrustDialog } from './trust-dialog';

type Open = 'role' | 'ban' | 'delete' | 'trust' | null;

/** Edit Role (admins), Ban or Unban User, Delete. The server enforces the staff limits; the menu only hides. */
export function UserRowMenu({ user, viewer }: { user: AdminUser; viewer: { id: string; role: Role } }) {
  const [open, setOpen] = useState<Open>(null);
  const change = useChangeUser();
  const isSelf = user.id === viewer.id;
  const untouchable = user.role === 'admin' && viewer.role !== 'admin';
  const canRole = viewer.role === 'admin';
  const canBanOrDelete = !isSelf && !untouchable;
  const canTrust = !untouchable;
  // Nothing this viewer may do to this member (a moderator looking at an admin): no menu at all.
  if (!canRole && !canBanOrDelete && !canTrust) return null;

  const unban = async () => {
    try {
      await change.mutateAsync({ kind: 'unban', userId: user.id });
    } catch (failure) {
      toast.error(MSG.unbanFailed, { description: errorMessage(failure) });
      return;
    }
    toast.success(MSG.userUnbanned, { description: `@${user.username} can sign in again.` });
  };

  const remove = async (typed: string) => {
    try {
      await change.mutateAsync({ kind: 'delete', userId: user.id, confirm: typed });
    } catch (failure) {
      toast.error(MSG.deleteFailed, { description: errorMessage(failure) });
      throw failure;
    }
    toast.success(MSG.userDeleted, { description: `@${user.username} and their account are gone.` });
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for @${user.username}`}>
            <MoreHorizontal className="size-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {canTrust && (
            <DropdownMenuItem onSelect={() => setOpen('trust')}>
              <Gauge className="size-4" aria-hidden />
              Trust Level
            </DropdownMenuItem>
          )}
          {canRole && (
            <DropdownMenuItem onSelect={() => setOpen('role')}>
              <ShieldCheck className="size-4" aria-hidden />
              Edit Role
            </DropdownMenuItem>
          )}
          {canBanOrDelete &&
            (user.status === 'banned' ? (
              <DropdownMenuItem onSelect={() => void unban()}>
                <UserCheck className="size-4" aria-hidden />
                Unban User
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => setOpen('ban')}>
                <Ban className="size-4" aria-hidden />
                Ban User
              </DropdownMenuItem>
            ))}
          {canBanOrDelete && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setOpen('delete')} className="text-danger">
                <Trash2 className="size-4" aria-hidden />
                Delete User
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {canTrust && (
        <TrustDialog user={user} open={open === 'trust'} onOpenChange={(o) => setOpen(o ? 'trust' : null)} />
      )}
      {canRole && <RoleDialog user={user} open={open === 'role'} onOpenChange={(o) => setOpen(o ? 'role' : null)} />}
      <BanUserDialog user={user} open={open === 'ban'} onOpenChange={(o) => setOpen(o ? 'ban' : null)} />
      <ConfirmWordDialog
        open={open === 'delete'}
        onOpenChange={(o) => setOpen(o ? 'delete' : null)}
        title={`Delete @${user.username}?`}
        description="This cannot be undone."
        word={DELETE_USER_WORD}
        // Exact and case-sensitive, as the server checks it too.
        matches={(typed) => typed === DELETE_USER_WORD}
        mismatch={MSG.confirmWord(DELETE_USER_WORD)}
        confirmLabel="Delete User"
        busyLabel="Deleting..."
        busy={change.isPending}
        destructive
        onConfirm={remove}
      >
        <p className="text-sm text-muted">
          Their account, profile, avatar, likes, bookmarks and notifications go at once. Their questions and replies
          stay, shown as written by <span className="font-medium text-fg">unknown</span>.
        </p>
      </ConfirmWordDialog>
    </>
  );
}
