import { MSG } from '@fenestra/shared';
import { Button } from '../ui/button';

/** 'Draft restored', with Discard: shown when a form opened with what the member had typed before. */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 rounded-md border border-border bg-accent px-3 py-2 text-sm text-accent-fg"
    >
      <span>{MSG.draftRestored}</span>
      <Button type="button" variant="secondary" size="sm" onClick={onDiscard}>
        {MSG.discardDraft}
      </Button>
    </div>
  );
}
