import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Check, Eye, Play, X } from 'lucide-react';
import { MSG, TOPIC_LABELS, posterOf, type Author, type PostSummary } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { StoredImage } from '../../../components/media/stored-image';
import { RelativeTime } from '../../../components/ui/relative-time';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useApprovePost } from '../api/approve-post';
import { DenyPostDialog } from './deny-post-dialog';

interface PendingPostRowProps {
  post: PostSummary;
  renderAuthorAvatar?: (author: Author) => ReactNode;
}

/** One post waiting for review: what it says and shows, and Approve / Deny / View Details. */
export function PendingPostRow({ post, renderAuthorAvatar }: PendingPostRowProps) {
  const approve = useApprovePost();
  const titleId = useId();
  const known = post.author.id !== null;

  // Through the mutation's promise, not mutate's callbacks: those are dropped once the row has gone, and a live
  // event about this very approval can take the row away before the server's answer arrives.
  const onApprove = () =>
    approve.mutateAsync(post.id).then(
      () => toast.success(MSG.postApproved),
      (error: unknown) => toast.error(MSG.approvalFailed, { description: errorMessage(error) }),
    );

  return (
    <article
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <header className="space-y-2">
        <h3 id={titleId} className="text-base font-semibold break-words text-fg sm:text-lg">
          {post.title}
        </h3>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          {renderAuthorAvatar?.(post.author)}
          <span className="font-medium text-fg">{known ? post.author.username : 'Unknown'}</span>
          <span>@{post.author.username}</span>
          <span aria-hidden>·</span>
          <RelativeTime date={post.createdAt} />
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-fg">
            <span className="sr-only">Topic: </span>
            {TOPIC_LABELS[post.topic]}
          </span>
        </div>
      </header>

      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted">{post.preview}</p>

      {(post.video || post.images.length > 0) && (
        <ul aria-label="Media" className="flex flex-wrap gap-2">
          {post.video && (
            <li className="relative size-16 overflow-hidden rounded-md border border-border bg-slate-900">
              {post.video.thumbnailUrl && (
                <StoredImage
                  picture={posterOf(post.video)!}
                  sizes="64px"
                  alt="Video thumbnail"
                  className="size-full object-cover"
                />
              )}
              <span className="absolute inset-0 flex items-center justify-center text-white" aria-hidden>
                <Play className="size-5 fill-current drop-shadow" />
              </span>
              {!post.video.thumbnailUrl && <span className="sr-only">Video</span>}
            </li>
          )}
          {post.images.map((image, index) => (
            <li key={image.id} className="size-16 overflow-hidden rounded-md border border-border bg-surface-muted">
              <StoredImage
                picture={image}
                sizes="64px"
                alt={image.alt || `Image ${index + 1}`}
                className="size-full object-cover"
              />
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap gap-2 pt-1">
        <Button size="sm" onClick={onApprove} disabled={approve.isPending} aria-describedby={titleId}>
          <Check className="size-4" aria-hidden />
          Approve
        </Button>
        <DenyPostDialog
          postId={post.id}
          postTitle={post.title}
          trigger={
            <Button size="sm" variant="secondary" disabled={approve.isPending} aria-describedby={titleId}>
              <X className="size-4" aria-hidden />
              Deny
            </Button>
          }
        />
        <Button size="sm" variant="ghost" asChild>
          <Link to={paths.post(post.id)} aria-describedby={titleId}>
            <Eye className="size-4" aria-hidden />
            View Details
          </Link>
        </Button>
      </div>
    </article>
  );
}
