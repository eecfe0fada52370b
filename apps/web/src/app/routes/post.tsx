import { useParams } from 'react-router';
import { LinkPreviewCard } from '../../features/link-previews/components/link-preview-card';
import { PostModerationActions } from '../../features/moderation/components/post-moderation-actions';
import { ReplyModerationActions } from '../../features/moderation/components/reply-moderation-actions';
import { PostDetailPage } from '../../features/post-detail/components/post-detail-page';
import type { PostDetailSlots } from '../../features/post-detail/components/post-detail-view';
import { AuthorAvatar } from '../../features/posts/components/author-avatar';
import { BookmarkButton } from '../../features/posts/components/bookmark-button';
import { LikeButton } from '../../features/posts/components/like-button';
import { StatusBadge } from '../../features/posts/components/status-badge';
import { RepliesSection, type RepliesSlots } from '../../features/replies/components/replies-section';
import { PostSimilarQuestions } from '../../features/similar/components/post-similar-questions';

// Replies draw their authors like the post does; staff get pin/unpin and delete on each one; links get preview cards.
const replySlots: RepliesSlots = {
  renderAuthorAvatar: (author) => <AuthorAvatar author={author} size="md" />,
  renderReplyActions: (reply, post) =>
    post.canModerate ? (
      <ReplyModerationActions replyId={reply.id} postId={post.id} isPinned={reply.isPinned} authorName={reply.author.username} />
    ) : null,
  renderReplyLinks: (reply) =>
    reply.previews.length > 0 ? (
      <ul aria-label="Link previews" className="space-y-2">
        {reply.previews.map((preview) => (
          <li key={preview.url}>
            <LinkPreviewCard preview={preview} />
          </li>
        ))}
      </ul>
    ) : null,
};

// The post page draws the author, status and toggles with the posts feature's components.
const slots: PostDetailSlots = {
  renderAuthorAvatar: (author) => <AuthorAvatar author={author} size="lg" />,
  renderStatusBadge: (status) => <StatusBadge status={status} />,
  renderActions: (post) => (
    <>
      <BookmarkButton postId={post.id} bookmarked={post.bookmarked} variant="labelled" />
      <LikeButton postId={post.id} liked={post.liked} count={post.voteCount} size="md" />
    </>
  ),
  renderStaffActions: (post) => <PostModerationActions postId={post.id} postTitle={post.title} status={post.status} />,
  renderReplies: (post) => <RepliesSection post={post} slots={replySlots} />,
};

export function PostRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: fresh viewer and scroll state.
  return (
    <>
      <PostDetailPage key={id} postId={id} slots={slots} />
      <PostSimilarQuestions key={`similar-${id}`} postId={id} />
    </>
  );
}
