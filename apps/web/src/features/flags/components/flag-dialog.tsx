import { useId, useState, type FormEvent } from 'react';
import { Flag } from 'lucide-react';
import {
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  LIMITS,
  flagInputSchema,
  firstIssue,
  type FlagReason,
  type FlagTargetType,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toastIfEmailUnconfirmed } from '../../../lib/confirm-email';
import { toast } from '../../../lib/toast';
import { useFlagContent } from '../api/flags';

interface FlagDialogProps {
  targetType: FlagTargetType;
  targetId: string;
  /** Whose question or reply it is, for the button's accessible name. */
  authorName: string;
}

/** 'Flag': a reason (and a note, required for 'Something else'); only staff and the flagger know of it. */
export function FlagDialog({ targetType, targetId, authorName }: FlagDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const flag = useFlagContent();
  const noteId = useId();
  const errorId = `${noteId}-error`;
  const what = targetType === 'post' ? 'question' : 'reply';

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setReason(null);
      setNote('');
      setError(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = flagInputSchema.safeParse({ reason, note: note.trim() || undefined });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    try {
      const result = await flag.mutateAsync({ targetType, targetId, ...parsed.data });
      toast.success(result.message);
      onOpenChange(false);
    } catch (failure) {
      if (toastIfEmailUnconfirmed(failure)) return;
      if (failure instanceof ApiError && failure.status === 409) {
        toast.error(failure.message);
        onOpenChange(false);
        return;
      }
      setError(errorMessage(failure));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Flag ${what} by ${authorName}`}>
          <Flag className="size-4" aria-hidden />
          <span>Flag</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Flag this ${what}`}
        description="Tell our moderators what is wrong. Only they and you will know you flagged it."
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-fg">Reason</legend>
            {FLAG_REASONS.map((value) => (
              <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-fg">
                <input
                  type="radio"
                  name="flag-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setError(null);
                  }}
                  className="size-4 cursor-pointer accent-primary"
                />
                {FLAG_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <div className="space-y-1.5">
            <Label htmlFor={noteId}>Note{reason === 'other' ? '' : ' (optional)'}</Label>
            <Textarea
              id={noteId}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              rows={3}
              maxLength={LIMITS.flagNote.max + 50}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              placeholder={`What is wrong with it (${LIMITS.flagNote.min}-${LIMITS.flagNote.max} characters)`}
            />
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={flag.isPending}>
              {flag.isPending ? 'Sending...' : 'Send flag'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
