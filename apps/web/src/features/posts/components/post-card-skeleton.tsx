/** A grey placeholder the size of a card, while a list loads. */
export function PostCardSkeleton() {
  return (
    <div
      className="animate-pulse rounded-lg border border-border bg-surface p-4 shadow-sm motion-reduce:animate-none sm:p-5"
      aria-hidden
    >
      <div className="flex items-center gap-2">
        <div className="size-6 rounded-full bg-surface-muted" />
        <div className="h-3 w-28 rounded bg-surface-muted" />
      </div>
      <div className="mt-4 h-4 w-3/4 rounded bg-surface-muted" />
      <div className="mt-3 h-3 w-full rounded bg-surface-muted" />
      <div className="mt-2 h-3 w-5/6 rounded bg-surface-muted" />
      <div className="mt-5 h-8 w-full rounded bg-surface-muted" />
    </div>
  );
}
