import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Pin } from 'lucide-react';
import { MSG } from '@fenestra/shared';
import { LoadMore } from '../../../components/ui/load-more';
import { ListEmpty, ListRetry } from '../../../components/ui/list-states';
import { Loading } from '../../../components/ui/loading';
import { RelativeTime } from '../../../components/ui/relative-time';
import { paths } from '../../../config/paths';
import { useMemberReplies } from '../api/get-member-replies';

interface MemberRepliesTabProps {
  username: string;
  emptyMessage: string;
}

/** The member's replies on public posts: the post's title, the reply's first 300 characters, when, and 'Pinned'. */
export function MemberRepliesTab({ username, emptyMessage }: MemberRepliesTabProps) {
  const { data, isPending, isError, errorUpdatedAt, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isRefetching } =
    useMemberReplies(username);

  useEffect(() => {
    if (isError) toast.error(MSG.failedLoadData, { id: `replies-error-${username}` });
  }, [isError, errorUpdatedAt, username]);

  if (isPending && !isError) return <Loading />;
  const replies = data?.pages.flatMap((page) => page.replies) ?? [];
  const retry = (
    <ListRetry message={MSG.failedLoadData} onRetry={() => (replies.length > 0 ? fetchNextPage() : refetch())} busy={isRefetching} />
  );
  if (replies.length === 0) {
    if (isError) return retry;
    return <ListEmpty>{emptyMessage}</ListEmpty>;
  }

  return (
    <div>
      <ul className="space-y-3" aria-label="Replies">
        {replies.map((reply) => (
          <li key={reply.id}>
            <article className="rounded-lg border border-border bg-surface p-4 shadow-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="text-muted">Replied to</span>
                <h3 className="min-w-0 font-medium break-words">
                  <Link to={paths.post(reply.postId)} className="text-link hover:underline">
                    {reply.postTitle}
                  </Link>
                </h3>
                {reply.isPinned && (
                  <span className="inline-flex items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                    <Pin className="size-3" aria-hidden />
                    Pinned
                  </span>
                )}
              </div>
              <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-fg">{reply.preview}</p>
              <RelativeTime date={reply.createdAt} className="mt-2 block text-xs text-muted" />
            </article>
          </li>
        ))}
      </ul>
      <LoadMore
        label="Load More Replies"
        hasNextPage={Boolean(hasNextPage)}
        isFetchingNextPage={isFetchingNextPage}
        isError={isError}
        fetchNextPage={fetchNextPage}
        retry={retry}
      />
    </div>
  );
}
