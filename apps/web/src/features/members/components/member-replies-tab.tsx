import { Link } from 'react-router';
import { Pin } from 'lucide-react';
import { MSG } from '@fenestra/shared';
import { PagedList } from '../../../components/ui/paged-list';
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
  return (
    <PagedList
      query={useMemberReplies(username)}
      itemsOf={(page) => page.replies}
      loading={<Loading />}
      failedMessage={MSG.failedLoadData}
      toastId={`replies-error-${username}`}
      empty={emptyMessage}
      loadMoreLabel="Load More Replies"
    >
      {(replies) => (
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
      )}
    </PagedList>
  );
}
