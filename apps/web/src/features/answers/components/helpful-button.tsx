import { Heart } from 'lucide-react';
import { MSG } from '@fenestra/shared';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useToggleHelpful } from '../api/helpful-marks';

interface HelpfulButtonProps {
  postId: string;
  replyId: string;
  count: number;
  /** The member marked it; null for a visitor or the reply's own author (who see the count only). */
  marked: boolean | null;
}

/** 'Helpful' and its count: a pressed/unpressed toggle for members on others' replies, a plain count otherwise. */
export function HelpfulButton({ postId, replyId, count, marked }: HelpfulButtonProps) {
  const toggle = useToggleHelpful(postId);
  const label = `${MSG.helpful}, ${count}`;
  const look = 'inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-sm font-medium tabular-nums';
  if (marked === null) {
    return count > 0 ? (
      <span className={cn(look, 'border-transparent text-muted')} aria-label={label}>
        <Heart className="size-4" aria-hidden />
        {count}
      </span>
    ) : null;
  }

  async function flip() {
    try {
      await toggle.mutateAsync(replyId);
    } catch (error) {
      toast.error(MSG.failedHelpful, { description: errorMessage(error) });
    }
  }

  return (
    <button
      type="button"
      aria-pressed={marked}
      aria-label={label}
      title={MSG.helpful}
      disabled={toggle.isPending}
      onClick={() => void flip()}
      className={cn(
        look,
        'cursor-pointer transition-colors disabled:opacity-60',
        marked
          ? 'border-primary bg-accent text-accent-fg hover:bg-accent/80'
          : 'border-border-strong bg-surface text-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      <Heart className={cn('size-4', marked && 'fill-current')} aria-hidden />
      {MSG.helpful} {count}
    </button>
  );
}
