import { Bookmark } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { usePostToggle } from '../api/use-post-toggle';

interface BookmarkButtonProps {
  postId: string;
  bookmarked: boolean;
  /** 'icon' on cards; 'labelled' ('Bookmark' / 'Bookmarked') on the post page. */
  variant?: 'icon' | 'labelled';
}

/** Saves the post to the member's bookmarks, or removes it. Visitors are asked to sign in. */
export function BookmarkButton({ postId, bookmarked, variant = 'icon' }: BookmarkButtonProps) {
  const toggle = usePostToggle('bookmark', postId);
  const labelled = variant === 'labelled';
  return (
    <button
      type="button"
      aria-pressed={bookmarked}
      aria-label={labelled ? undefined : bookmarked ? 'Remove bookmark' : 'Bookmark'}
      title={labelled ? undefined : bookmarked ? 'Remove bookmark' : 'Bookmark'}
      onClick={() => toggle(bookmarked)}
      className={cn(
        'inline-flex cursor-pointer items-center justify-center gap-1.5 rounded-md border text-sm font-medium transition-colors',
        labelled ? 'h-9 px-3.5' : 'size-8',
        bookmarked
          ? 'border-primary bg-accent text-accent-fg hover:bg-accent/80'
          : 'border-border-strong bg-surface text-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      <Bookmark className={cn('size-4', bookmarked && 'fill-current')} aria-hidden />
      {labelled && <span>{bookmarked ? 'Bookmarked' : 'Bookmark'}</span>}
    </button>
  );
}
