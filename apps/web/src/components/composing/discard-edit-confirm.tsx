import { Button } from '../ui/button';
import { DestructiveButton } from '../ui/destructive-button';

/**
 * Cancel on an edit with changes asks first: its draft is kept until it is saved, and Cancel is the one way to
 * drop it (closing the dialog or leaving the page keeps it for next time).
 */
export function DiscardEditConfirm({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-surface-muted p-3 text-sm"
    >
      <p className="font-medium">Discard your changes? What you typed will be lost.</p>
      <div className="ml-auto flex gap-2">
        {/* Focus comes here, so Enter does not discard by accident. */}
        <Button type="button" variant="secondary" size="sm" autoFocus onClick={onKeep}>
          Keep editing
        </Button>
        <DestructiveButton className="h-8 px-3" onClick={onDiscard}>
          Discard changes
        </DestructiveButton>
      </div>
    </div>
  );
}
