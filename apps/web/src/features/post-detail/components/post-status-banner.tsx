import { Clock, Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG, type PostDetail } from '@fenestra/shared';

/** Only the author and staff can open a pending or denied post; this tells them why others cannot. */
export function PostStatusBanner({
  post,
  action,
}: {
  post: Pick<PostDetail, 'status' | 'denialReason'> & { hiddenByFlags?: boolean };
  /** A denied question's way back: 'Edit and resubmit' (its author only). */
  action?: ReactNode;
}) {
  if (post.status === 'pending') {
    return (
      <div className="flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-100">
        <Clock className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p className="font-medium">
          {post.hiddenByFlags
            ? `${MSG.postHiddenNotice}. ${MSG.hiddenEditHint}`
            : 'This question is waiting for review by a moderator.'}
        </p>
      </div>
    );
  }
  if (post.status === 'denied') {
    return (
      <div className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        <Ban className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">This question was denied</p>
          {post.denialReason && <p className="mt-1 break-words whitespace-pre-wrap">Reason: {post.denialReason}</p>}
          {action && <div className="mt-3">{action}</div>}
        </div>
      </div>
    );
  }
  return null;
}
