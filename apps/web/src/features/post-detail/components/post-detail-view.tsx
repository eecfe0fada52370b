import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TOPIC_LABELS, isPublicPost, type Author, type PostDetail, type PostStatus } from '@fenestra/shared';
import { AuthorByline } from '../../../components/author-byline';
import { MemberText } from '../../../components/member-text';
import { TagList } from '../../../components/ui/tag-list';
import { paths } from '../../../config/paths';
import { mediaItemsOf } from '../utils/media-items';
import { MediaGallery } from './media-gallery';
import { PhotoAdviceCard } from './photo-advice';
import { PostStatusBanner } from './post-status-banner';
import { ShareButton } from './share-button';

/** What the composing route draws with other features' components (this feature imports none). */
export interface PostDetailSlots {
  renderAuthorAvatar?: (author: Author) => ReactNode;
  renderStatusBadge?: (status: PostStatus) => ReactNode;
  /** Buttons before Share: bookmark and like. */
  renderActions?: (post: PostDetail) => ReactNode;
  /** Staff controls (solve, reopen, unapprove, delete), drawn only when the server says the viewer may moderate. */
  renderStaffActions?: (post: PostDetail) => ReactNode;
  /** Under the question: its replies and the reply form. */
  renderReplies?: (post: PostDetail) => ReactNode;
  /** Beside the author: 'edited' and the question's history; 'Edit question' for its author and staff. */
  renderEditControls?: (post: PostDetail) => ReactNode;
  /** In a denied question's banner, for its author: 'Edit and resubmit'. */
  renderDeniedAction?: (post: PostDetail) => ReactNode;
}

/** A question in full: banner, author, status, title, description (as text), topic, tags, media, actions. */
export function PostDetailView({ post, slots = {} }: { post: PostDetail; slots?: PostDetailSlots }) {
  const media = mediaItemsOf(post);
  return (
    <div className="space-y-4">
      <PostStatusBanner post={post} action={post.status === 'denied' ? slots.renderDeniedAction?.(post) : null} />
      <article className="space-y-5 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6">
        <header className="space-y-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <AuthorByline
              author={post.author}
              createdAt={post.createdAt}
              avatar={slots.renderAuthorAvatar?.(post.author)}
            />
            {slots.renderStatusBadge?.(post.status)}
          </div>
          {slots.renderEditControls?.(post)}
          <h1 className="text-2xl font-semibold tracking-tight break-words text-fg sm:text-3xl">{post.title}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Link
              to={paths.homeTopic(post.topic)}
              aria-label={`Topic: ${TOPIC_LABELS[post.topic]}`}
              className="inline-flex items-center rounded-full bg-accent px-2.5 py-0.5 font-medium text-accent-fg hover:underline"
            >
              {TOPIC_LABELS[post.topic]}
            </Link>
            <TagList tags={post.tags} size="md" />
          </div>
        </header>

        <MemberText
          html={post.descriptionHtml}
          quoteAuthor={post.author.id === null ? undefined : post.author.username}
        />

        <MediaGallery items={media} staff={post.canOverrideDetection ? { postId: post.id } : null} />

        <PhotoAdviceCard post={post} />

        <footer className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
          {isPublicPost(post.status) && slots.renderActions?.(post)}
          <ShareButton postId={post.id} />
        </footer>
      </article>
      {post.canModerate && slots.renderStaffActions?.(post)}
      {slots.renderReplies?.(post)}
    </div>
  );
}
