import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { toastReasonError } from '../../../lib/validation-toast';
import {
  BAN_DURATIONS,
  BAN_DURATION_LABELS,
  DEFAULT_BAN_DURATION,
  LIMITS,
  MSG,
  banSchema,
  type AdminUser,
  type BanDuration,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { DestructiveButton } from '../../../components/ui/destructive-button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useChangeUser } from '../api/manage-user';

const MAX = LIMITS.banReason.max;

/** Ban with a required reason (at most 500 characters) for 7, 30 or 90 days or for good; re-banning replaces both. */
export function BanUserDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<BanDuration>(DEFAULT_BAN_DURATION);
  const [submitted, setSubmitted] = useState(false);
  const change = useChangeUser();
  const id = useId();

  const tooLong = reason.trim().length > MAX;
  const error = tooLong ? MSG.reasonTooLong : submitted && !reason.trim() ? MSG.banReasonPrompt : null;

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setDuration(DEFAULT_BAN_DURATION);
      setSubmitted(false);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = banSchema.safeParse({ reason, duration });
    if (!parsed.success) {
      toastReasonError(reason, MSG.banReasonPrompt);
      return;
    }
    try {
      await change.mutateAsync({ kind: 'ban', userId: user.id, input: parsed.data });
    } catch (failure) {
      toast.error(MSG.banFailed, { description: errorMessage(failure) });
      return;
    }
    toast.success(MSG.userBanned, {
      description: `@${user.username} is banned${duration === 'permanent' ? ' permanently' : ` for ${BAN_DURATION_LABELS[duration]}`}.`,
    });
    close(false);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={`Ban @${user.username}?`}
        description="They are signed out at once and cannot sign in or write until the ban ends."
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={`${id}-reason`}>Reason</Label>
              <span
                id={`${id}-count`}
                className={cn('text-xs tabular-nums', tooLong ? 'font-semibold text-danger' : 'text-muted')}
              >
                {reason.trim().length}/{MAX}
                <span className="sr-only"> characters</span>
              </span>
            </div>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              aria-invalid={error ? true : undefined}
              aria-describedby={cn(`${id}-count`, error && `${id}-error`)}
              placeholder="The member sees this when they try to sign in"
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-duration`}>Duration</Label>
            <NativeSelect
              id={`${id}-duration`}
              value={duration}
              onChange={(e) => setDuration(e.target.value as BanDuration)}
            >
              {BAN_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {BAN_DURATION_LABELS[d]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <DestructiveButton type="submit" disabled={change.isPending}>
              {change.isPending ? 'Banning...' : 'Ban User'}
            </DestructiveButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
