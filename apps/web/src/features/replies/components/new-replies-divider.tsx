import { NEW_MARKERS_TEXT } from '@fenestra/shared';

/** Above the first reply written since the member last read the post (issue 25); the page scrolls to it. */
export function NewRepliesDivider() {
  return (
    <div
      id="new-replies"
      className="mb-3 flex scroll-mt-20 items-center gap-3"
      role="separator"
      aria-label="New replies"
    >
      <span className="h-px flex-1 bg-primary" aria-hidden />
      <span className="text-xs font-semibold tracking-wide text-primary uppercase dark:text-link">
        {NEW_MARKERS_TEXT.newDivider}
      </span>
      <span className="h-px flex-1 bg-primary" aria-hidden />
    </div>
  );
}
