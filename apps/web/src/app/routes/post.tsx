import { Link, useParams } from 'react-router';
import { Pencil } from 'lucide-react';
import { MSG, type PostDetail, type Reply } from '@fenestra/shared';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useMe } from '../../lib/session';
import { AcceptAnswerButton } from '../../features/answers/components/accept-answer-button';
import { HelpfulButton } from '../../features/answers/components/helpful-button';
import { useHelpfulMarks } from '../../features/answers/api/helpful-marks';
import { EditedMark } from '../../features/editing/components/revisions-dialog';
import { EditReplyDialog } from '../../features/editing/components/edit-reply-dialog';
import { FlagDialog } from '../../features/flags/components/flag-dialog';
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

/** Under a reply: the asker's accept toggle, members' 'Helpful', and the author's (or staff's) edit. */
function ReplyFooter({ reply, post }: { reply: Reply; post: PostDetail }) {
  const { me } = useMe();
  const marks = useHelpfulMarks(post.id, Boolean(me));
  const asker = me !== null && (me.id === post.author.id || me.isStaff);
  const mayAccept = asker && (post.status === 'open' || (post.status === 'solved' && reply.isAccepted));
  const ownReply = me !== null && me.id === reply.author.id;
  const mayEdit = me !== null && ((ownReply && post.status === 'open') || me.isStaff);
  const marked = me && !ownReply ? (marks.data?.replyIds.includes(reply.id) ?? false) : null;
  return (
    <>
      {mayAccept && <AcceptAnswerButton postId={post.id} replyId={reply.id} accepted={reply.isAccepted} />}
      <HelpfulButton postId={post.id} replyId={reply.id} count={reply.helpfulCount} marked={marked} />
      {mayEdit && <EditReplyDialog reply={reply} />}
      {me !== null && !ownReply && !reply.held && (
        <FlagDialog targetType="reply" targetId={reply.id} authorName={reply.author.username} />
      )}
    </>
  );
}

/** Members flag a public question they did not write. */
function FlagPostButton({ post }: { post: PostDetail }) {
  const { me } = useMe();
  if (!me || me.id === post.author.id || (post.status !== 'open' && post.status !== 'solved')) return null;
  return <FlagDialog targetType="post" targetId={post.id} authorName={post.author.username} />;
}

/** Beside the question's author: 'edited' (its history) and, for its author and staff, 'Edit question'. */
function PostEditControls({ post }: { post: PostDetail }) {
  const { me } = useMe();
  const mayEdit = me !== null && (me.id === post.author.id || me.isStaff);
  if (!post.editedAt && !mayEdit) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {post.editedAt && <EditedMark of={{ postId: post.id }} editedAt={post.editedAt} />}
      {mayEdit && post.status !== 'denied' && (
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.editPost(post.id)}>
            <Pencil className="size-4" aria-hidden />
            {MSG.editQuestion}
          </Link>
        </Button>
      )}
    </div>
  );
}

/** A denied question's way back, for its author. */
function ResubmitLink({ post }: { post: PostDetail }) {
  const { me } = useMe();
  if (!me || (me.id !== post.author.id && !me.isStaff)) return null;
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to={paths.editPost(post.id)}>
        <Pencil className="size-4" aria-hidden />
        {me.id === post.author.id ? MSG.editAndResubmit : MSG.editQuestion}
      </Link>
    </Button>
  );
}

// Replies draw their authors like the post does; staff get pin/unpin and delete on each one; links get
// preview cards, also while a member types.
const replySlots: RepliesSlots = {
  renderAuthorAvatar: (author) => <AuthorAvatar author={author} size="md" />,
  renderReplyActions: (reply, post) =>
    post.canModerate ? (
      <ReplyModerationActions
        replyId={reply.id}
        postId={post.id}
        isPinned={reply.isPinned}
        authorName={reply.author.username}
      />
    ) : null,
  renderReplyLinks: (reply) => <LinkPreviewList previews={reply.previews} />,
  renderDraftPreviews: (content) => <DraftLinkPreviews text={content} />,
  renderReplyMeta: (reply) =>
    reply.editedAt ? <EditedMark of={{ postId: reply.postId, replyId: reply.id }} editedAt={reply.editedAt} /> : null,
  renderReplyFooter: (reply, post) => <ReplyFooter reply={reply} post={post} />,
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
      <FlagPostButton post={post} />
    </>
  ),
  renderStaffActions: (post) => <PostModerationActions postId={post.id} postTitle={post.title} status={post.status} />,
  renderReplies: (post) => <RepliesSection post={post} slots={replySlots} />,
  renderEditControls: (post) => <PostEditControls post={post} />,
  renderDeniedAction: (post) => <ResubmitLink post={post} />,
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
