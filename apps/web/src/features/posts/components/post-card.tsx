import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG, TOPIC_LABELS, NEW_MARKERS_TEXT, isPublicPost, type PostSummary } from '@fenestra/shared';
import { MessageSquare } from 'lucide-react';
import { RelativeTime } from '../../../components/ui/relative-time';
import { TagList } from '../../../components/ui/tag-list';
import { paths } from '../../../config/paths';
import { AuthorAvatar } from './author-avatar';
import { BookmarkButton } from './bookmark-button';
import { LikeButton } from './like-button';
import { PostMediaStrip } from './post-media-strip';
import { StatusBadge } from './status-badge';

/**
 * One post in a list. The title is the card's link; its hit area stretches over the whole card, while
 * the author link and the like and bookmark buttons sit above it, side by side, never inside it.
 */
export function PostCard({
  post,
  title,
  preview,
  firstInList = false,
  newReplies = 0,
}: {
  post: PostSummary;
  /** Replies since the member last read it (issue 25): shown as 'N new'. */
  newReplies?: number;
  /** The list's first card: its pictures are above the fold, so they load with the page rather than lazily. */
  firstInList?: boolean;
  /** Drawn instead of the plain title and preview (search results mark the words searched for). */
  title?: ReactNode;
  preview?: ReactNode;
}) {
  const { author } = post;
  const known = author.id !== null;
  return (
    <article className="group relative rounded-lg border border-border bg-surface p-4 shadow-sm transition-colors focus-within:border-ring hover:border-border-strong sm:p-5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <AuthorAvatar author={author} size="sm" eager={firstInList} />
        {known ? (
          <Link to={paths.user(author.username)} className="relative z-10 font-medium text-fg hover:underline">
            <span className="text-muted">@</span>
            <span>{author.username}</span>
          </Link>
        ) : (
          <span className="font-medium text-muted">
            @<span>{author.username}</span>
          </span>
        )}
        <span className="text-muted" aria-hidden>
          ·
        </span>
        <RelativeTime date={post.createdAt} className="text-muted" />
        <span className="ml-auto flex items-center gap-2">
          <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-muted">
            {TOPIC_LABELS[post.topic]}
          </span>
          <StatusBadge status={post.status} />
          {post.answeredBy && (
            <span className="rounded-full border border-emerald-700 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:border-emerald-500 dark:text-emerald-300">
              {MSG.answered}
            </span>
          )}
        </span>
      </div>

      <h2 className="mt-3 text-base leading-snug font-semibold text-fg sm:text-lg">
        <Link
          to={paths.post(post.id)}
          className="rounded-sm break-words after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:text-link focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
        >
          {title ?? post.title}
        </Link>
      </h2>
      <p className="mt-1.5 text-sm leading-relaxed break-words text-muted">{preview ?? post.preview}</p>
      {post.answeredBy && (
        <p className="mt-1.5 text-sm text-emerald-800 dark:text-emerald-300">
          {MSG.answeredBy(post.answeredBy.username)}
        </p>
      )}

      {post.status === 'denied' && post.denialReason && (
        <p className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-300">
          Denied: {post.denialReason}
        </p>
      )}

      <div className="mt-3 empty:hidden">
        <PostMediaStrip images={post.images} video={post.video} eager={firstInList} />
      </div>

      <TagList tags={post.tags} className="mt-3" />

      <div className="mt-4 flex items-center gap-2 border-t border-border pt-3">
        <span className="inline-flex items-center gap-1.5 text-sm text-muted">
          <MessageSquare className="size-4" aria-hidden />
          {post.replyCount === 1 ? '1 reply' : `${post.replyCount} replies`}
        </span>
        {newReplies > 0 && (
          <span
            className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg"
            title={NEW_MARKERS_TEXT.newRepliesLabel(newReplies)}
          >
            <span aria-hidden>{NEW_MARKERS_TEXT.newReplies(newReplies)}</span>
            <span className="sr-only">{NEW_MARKERS_TEXT.newRepliesLabel(newReplies)}</span>
          </span>
        )}
        {/* A pending or denied post cannot be liked or bookmarked (the API refuses it too). */}
        {isPublicPost(post.status) && (
          <span className="relative z-10 ml-auto flex items-center gap-2">
            <LikeButton postId={post.id} liked={post.liked} count={post.voteCount} />
            <BookmarkButton postId={post.id} bookmarked={post.bookmarked} />
          </span>
        )}
      </div>
    </article>
  );
}
