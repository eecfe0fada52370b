import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Pin, PinOff, Trash2 } from 'lucide-react';
import { MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { DestructiveButton } from '../../../components/ui/destructive-button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { useReplyAction } from '../api/reply-actions';

/** Staff controls on a reply: pin or unpin (one pinned per post) and delete (after a confirmation). */
export function ReplyModerationActions({
  replyId,
  postId,
  isPinned,
  authorName,
}: {
  replyId: string;
  postId: string;
  isPinned: boolean;
  authorName: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const action = useReplyAction();

  const togglePin = async () => {
    try {
      await action.mutateAsync({ replyId, postId, action: isPinned ? 'unpin' : 'pin' });
    } catch (failure) {
      toast.error(MSG.failedTogglePin, { description: errorMessage(failure) });
      return;
    }
    toast.success(isPinned ? MSG.replyUnpinned : MSG.replyPinned);
  };

  const remove = async () => {
    try {
      await action.mutateAsync({ replyId, postId, action: 'delete' });
    } catch (failure) {
      toast.error(MSG.failedDeleteReply, { description: errorMessage(failure) });
      return;
    }
    toast.success(MSG.replyDeleted);
    setConfirming(false);
  };

  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void togglePin()}
        disabled={action.isPending}
        aria-label={`${isPinned ? 'Unpin' : 'Pin'} reply by ${authorName}`}
      >
        {isPinned ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
        <span className="hidden sm:inline">{isPinned ? 'Unpin' : 'Pin'}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={`Delete reply by ${authorName}`}
      >
        <Trash2 className="size-4" aria-hidden />
        <span className="hidden sm:inline">Delete</span>
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title="Delete this reply?" description="The reply and its photos are removed for good.">
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <DestructiveButton onClick={() => void remove()} disabled={action.isPending}>
              {action.isPending ? 'Deleting...' : 'Delete Reply'}
            </DestructiveButton>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
