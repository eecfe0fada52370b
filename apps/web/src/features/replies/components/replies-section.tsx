import { useId, type ReactNode } from 'react';
import { MessageSquare } from 'lucide-react';
import { MSG, type Author, type PostDetail, type Reply } from '@fenestra/shared';
import { LoadMore } from '../../../components/ui/load-more';
import { ListRetry } from '../../../components/ui/list-states';
import { Loading } from '../../../components/ui/loading';
import { useHeldReplies, useReplies } from '../api/get-replies';
import { useMe } from '../../../lib/session';
import { useNewReplies } from '../lib/use-new-replies';
import { NewRepliesDivider } from './new-replies-divider';
import { ReplyCard } from './reply-card';
import { ReplyForm } from './reply-form';
import { SolvedCard } from './solved-card';

export interface RepliesSlots {
  renderAuthorAvatar?: (author: Author) => ReactNode;
  /** Staff controls on each reply (pin/unpin, delete): the moderation feature draws them here. */
  renderReplyActions?: (reply: Reply, post: PostDetail) => ReactNode;
  /** Under a reply's text and photos: link preview cards for its URLs. */
  renderReplyLinks?: (reply: Reply) => ReactNode;
  /** Beside a reply's time: 'edited' and its history. */
  renderReplyMeta?: (reply: Reply) => ReactNode;
  /** Under a reply: accept, helpful and edit. */
  renderReplyFooter?: (reply: Reply, post: PostDetail) => ReactNode;
  /** The cards a reply being typed will get (members only): the link-previews feature draws them here. */
  renderDraftPreviews?: (content: string) => ReactNode;
}

/** The conversation under a question: 'N Replies', the accepted answer and the pinned reply first, then oldest, 'Load more', and the form or the solved card. */
export function RepliesSection({ post, slots = {} }: { post: PostDetail; slots?: RepliesSlots }) {
  const headingId = useId();
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isRefetching } =
    useReplies(post.id);
  const { me } = useMe();
  // What only the member (their own) or staff see: replies waiting for review or hidden after flags, with their notice.
  const held = useHeldReplies(post.id, me !== null).data?.replies ?? [];
  const shown = data?.pages.flatMap((page) => page.replies) ?? [];
  const replies = held.length ? [...shown, ...held.filter((h) => !shown.some((r) => r.id === h.id))] : shown;
  const { firstNewId, endRef } = useNewReplies(post.id, replies, !isPending);
  const retry = (
    <ListRetry
      message={MSG.failedLoadData}
      onRetry={() => (replies.length > 0 ? fetchNextPage() : refetch())}
      busy={isRefetching}
    />
  );

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold tracking-tight text-fg">
        <MessageSquare className="size-5 text-muted" aria-hidden />
        {MSG.replyCount(post.replyCount)}
      </h2>
      {isPending && !isError ? (
        <Loading />
      ) : replies.length === 0 && isError ? (
        retry
      ) : (
        replies.length > 0 && (
          <ol aria-label="Replies" className="space-y-3">
            {replies.map((reply, index) => (
              <li key={reply.id} id={`reply-${reply.id}`} className="scroll-mt-20">
                {reply.id === firstNewId && <NewRepliesDivider />}
                <ReplyCard
                  reply={reply}
                  avatar={slots.renderAuthorAvatar?.(reply.author)}
                  actions={slots.renderReplyActions?.(reply, post)}
                  links={slots.renderReplyLinks?.(reply)}
                  meta={slots.renderReplyMeta?.(reply)}
                  footer={slots.renderReplyFooter?.(reply, post)}
                />
                {index === replies.length - 1 && <div ref={endRef} />}
              </li>
            ))}
          </ol>
        )
      )}
      {replies.length > 0 && (
        <LoadMore
          label={MSG.loadMoreReplies}
          hasNextPage={Boolean(hasNextPage)}
          isFetchingNextPage={isFetchingNextPage}
          isError={isError}
          fetchNextPage={fetchNextPage}
          retry={retry}
        />
      )}
      {post.status === 'open' && <ReplyForm postId={post.id} renderDraftPreviews={slots.renderDraftPreviews} />}
      {post.status === 'solved' && <SolvedCard />}
    </section>
  );
}
