import { useId, useState, type FormEvent } from 'react';
import { MSG, TRUST_LEVELS, TRUST_LEVEL_LABELS, type AdminUser, type TrustLevel } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangeUser } from '../api/manage-user';

/** Staff lock a member's trust level (Leader is only given here), or hand it back to the trust job. */
export function TrustDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [level, setLevel] = useState<TrustLevel>(user.trustLevel);
  const [locked, setLocked] = useState(true);
  const change = useChangeUser();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await change.mutateAsync({ kind: 'trust', userId: user.id, input: { level, locked } });
    } catch (failure) {
      toast.error(errorMessage(failure));
      return;
    }
    toast.success(MSG.trustLevelSaved);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Trust level of @${user.username}`}
        description={`Now: ${user.trustReason}. A locked level stays until unlocked; unlocked, the hourly trust job computes it.`}
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-level`}>Level</Label>
            <NativeSelect
              id={`${id}-level`}
              value={level}
              disabled={!locked}
              onChange={(e) => setLevel(Number(e.target.value) as TrustLevel)}
            >
              {TRUST_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l} {TRUST_LEVEL_LABELS[l]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={locked}
              onChange={(e) => setLocked(e.target.checked)}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
            />
            <span>Lock this level (the trust job leaves it alone)</span>
          </label>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
