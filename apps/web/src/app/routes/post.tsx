import { useParams } from 'react-router';
import { DraftLinkPreviews } from '../../features/link-previews/components/draft-link-previews';
import { LinkPreviewList } from '../../features/link-previews/components/link-preview-list';
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

// Replies draw their authors like the post does; staff get pin/unpin and delete on each one; links get
// preview cards, also while a member types.
const replySlots: RepliesSlots = {
  renderAuthorAvatar: (author) => <AuthorAvatar author={author} size="md" />,
  renderReplyActions: (reply, post) =>
    post.canModerate ? (
      <ReplyModerationActions replyId={reply.id} postId={post.id} isPinned={reply.isPinned} authorName={reply.author.username} />
    ) : null,
  renderReplyLinks: (reply) => <LinkPreviewList previews={reply.previews} />,
  renderDraftPreviews: (content) => <DraftLinkPreviews text={content} />,
};

// The post page draws the author, status and toggles with the posts feature's components.
const slots: PostDetailSlots = {
  // The post's author is above the fold: their avatar comes with the page.
  renderAuthorAvatar: (author) => <AuthorAvatar author={author} size="lg" eager />,
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
