import { ThumbsUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { usePostToggle } from '../api/use-post-toggle';

interface LikeButtonProps {
  postId: string;
  liked: boolean;
  count: number;
  size?: 'sm' | 'md';
}

/** A pressed/unpressed like toggle with the post's like count. Visitors are asked to sign in. */
export function LikeButton({ postId, liked, count, size = 'sm' }: LikeButtonProps) {
  const toggle = usePostToggle('like', postId);
  const action = liked ? 'Unlike' : 'Like';
  return (
    // 'Like, 3 likes': the spoken name holds the count it shows (WCAG 2.5.3, label in name).
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`${action}, ${count} ${count === 1 ? 'like' : 'likes'}`}
      title={action}
      onClick={() => toggle(liked)}
      className={cn(
        'inline-flex cursor-pointer items-center gap-1.5 rounded-md border font-medium tabular-nums transition-colors',
        size === 'sm' ? 'h-8 px-2.5 text-sm' : 'h-9 px-3.5 text-sm',
        liked
          ? 'border-primary bg-accent text-accent-fg hover:bg-accent/80'
          : 'border-border-strong bg-surface text-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      <ThumbsUp className={cn(size === 'sm' ? 'size-4' : 'size-[1.125rem]', liked && 'fill-current')} aria-hidden />
      {count}
    </button>
  );
}
