import { CheckCircle2 } from 'lucide-react';
import { MSG } from '@fenestra/shared';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useAcceptAnswer } from '../api/accept-answer';

/**
 * The asker's (and staff's) toggle: pressed on the accepted answer, where pressing it again takes it back. Shown on
 * every reply while the question is open, and on the accepted one while it is solved.
 */
export function AcceptAnswerButton({
  postId,
  replyId,
  accepted,
}: {
  postId: string;
  replyId: string;
  accepted: boolean;
}) {
  const accept = useAcceptAnswer(postId);

  async function toggle() {
    try {
      const result = await accept.mutateAsync(accepted ? null : replyId);
      toast.success(result.message);
    } catch (error) {
      toast.error(MSG.failedAccept, { description: errorMessage(error) });
    }
  }

  return (
    <button
      type="button"
      aria-pressed={accepted}
      disabled={accept.isPending}
      onClick={() => void toggle()}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border px-2.5 text-sm font-medium transition-colors disabled:opacity-60',
        accepted
          ? 'border-emerald-700 bg-emerald-50 text-emerald-800 hover:bg-emerald-200 dark:border-emerald-500 dark:bg-emerald-950 dark:text-emerald-200'
          : 'border-border-strong bg-surface text-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      <CheckCircle2
        className={cn('size-4', accepted && 'fill-current text-emerald-700 dark:text-emerald-400')}
        aria-hidden
      />
      {accepted ? MSG.acceptedAnswer : MSG.acceptAnswer}
    </button>
  );
}
