import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { MSG, ROLES, ROLE_LABELS, type AdminUser, type Role } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api-client';
import { useChangeUser } from '../api/manage-user';

/** Admins only: user, moderator or admin. The server keeps the last admin from being demoted. */
export function RoleDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [role, setRole] = useState<Role>(user.role);
  const change = useChangeUser();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await change.mutateAsync({ kind: 'role', userId: user.id, role });
    } catch (failure) {
      toast.error(MSG.roleFailed, { description: errorMessage(failure) });
      return;
    }
    toast.success(MSG.roleUpdated, { description: `@${user.username} is now ${ROLE_LABELS[role].toLowerCase()}.` });
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setRole(user.role);
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={`Edit role of @${user.username}`}
        description="Moderators and admins review posts and manage members; only admins change roles."
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <NativeSelect id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending || role === user.role}>
              {change.isPending ? 'Saving...' : 'Save Role'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
