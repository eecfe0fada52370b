import { useEffect, useRef, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { CircleCheck } from 'lucide-react';
import { MSG, type Author } from '@fenestra/shared';
import { Loading } from '../../../components/ui/loading';
import { usePendingPosts } from '../api/get-pending-posts';
import { PendingPostRow } from './pending-post-row';

/** The review queue, oldest first. A reviewed row leaves the list and focus goes to the heading. */
export function PendingPostsList({ renderAuthorAvatar }: { renderAuthorAvatar?: (author: Author) => ReactNode }) {
  const { data: posts, isPending, isError } = usePendingPosts();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousCount = useRef<number | null>(null);

  useEffect(() => {
    if (isError) toast.error(MSG.failedLoadPending, { id: 'pending-load' });
  }, [isError]);

  const count = posts?.length ?? null;
  useEffect(() => {
    const before = previousCount.current;
    previousCount.current = count;
    if (before === null || count === null || count >= before) return;
    // The focused button went with its row: give focus a home after the dialog has let go of it.
    const timer = setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [count]);

  return (
    <section aria-labelledby="pending-posts-heading" className="space-y-3">
      <h2
        id="pending-posts-heading"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        Pending Posts
        {count !== null && count > 0 && (
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg tabular-nums">
            {count}
          </span>
        )}
      </h2>
      {isPending ? (
        <Loading />
      ) : !posts ? (
        <p className="rounded-lg border border-border bg-surface p-6 text-center text-muted">{MSG.failedLoadPending}</p>
      ) : posts.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border-strong bg-surface p-8 text-center text-muted">
          <CircleCheck className="size-8 text-muted" aria-hidden />
          {MSG.noPending}
        </p>
      ) : (
        <ul className="space-y-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PendingPostRow post={post} renderAuthorAvatar={renderAuthorAvatar} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
