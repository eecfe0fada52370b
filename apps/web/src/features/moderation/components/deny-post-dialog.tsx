import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { toastReasonError } from '../../../lib/validation-toast';
import { denySchema, LIMITS, MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDenyPost } from '../api/deny-post';

interface DenyPostDialogProps {
  postId: string;
  postTitle: string;
  /** The button that opens the dialog; focus returns to it on Cancel or Escape. */
  trigger: ReactNode;
}

const MAX = LIMITS.denyReason.max;

/** Deny with a required reason (at most 500 characters), optionally banning the author permanently. */
export function DenyPostDialog({ postId, postTitle, trigger }: DenyPostDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [banAuthor, setBanAuthor] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const denyPost = useDenyPost();
  const reasonId = useId();
  const counterId = `${reasonId}-counter`;
  const errorId = `${reasonId}-error`;

  const tooLong = reason.trim().length > MAX;
  const blank = reason.trim().length === 0;
  // 'Too long' shows as soon as it is true; 'required' only after a first attempt.
  const error = tooLong ? MSG.reasonTooLong : submitted && blank ? MSG.denyReasonPrompt : null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setReason('');
      setBanAuthor(false);
      setSubmitted(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = denySchema.safeParse({ reason, banAuthor });
    if (!parsed.success) {
      toastReasonError(reason, MSG.denyReasonPrompt);
      return;
    }
    try {
      await denyPost.mutateAsync({ postId, ...parsed.data });
    } catch (failure) {
      toast.error(MSG.denyFailed, { description: errorMessage(failure) });
      return;
    }
    toast.success(MSG.postDenied);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Deny this post"
        description={`“${postTitle}” will not be published. The author sees your reason.`}
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={reasonId}>Reason</Label>
              <span
                id={counterId}
                className={cn('text-xs tabular-nums', tooLong ? 'font-semibold text-danger' : 'text-muted')}
              >
                {reason.trim().length}/{MAX}
                <span className="sr-only"> characters</span>
              </span>
            </div>
            <textarea
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={4}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={cn(counterId, error && errorId)}
              className={cn(
                'block w-full resize-y rounded-md border border-border-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted shadow-xs',
                'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
                'aria-invalid:border-danger',
              )}
              placeholder="Explain what the author should change"
            />
            {error && (
              <p id={errorId} className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={banAuthor}
              onChange={(event) => setBanAuthor(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
            />
            <span>Also ban the author (permanently)</span>
          </label>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <button
              type="submit"
              disabled={denyPost.isPending}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center justify-center rounded-md bg-danger px-4 text-sm font-medium text-white shadow-sm dark:text-slate-950',
                'hover:opacity-90 disabled:pointer-events-none disabled:opacity-60',
              )}
            >
              Deny Post
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
