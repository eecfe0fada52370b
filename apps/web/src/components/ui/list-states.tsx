import type { ReactNode } from 'react';
import { Button } from './button';

/** A paged list that could not load: its message and a Retry button. */
export function ListRetry({ message, onRetry, busy }: { message: string; onRetry: () => unknown; busy: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-border bg-surface p-6 text-center"
    >
      <p className="text-fg">{message}</p>
      <Button variant="secondary" onClick={() => onRetry()} disabled={busy}>
        {busy ? 'Loading...' : 'Retry'}
      </Button>
    </div>
  );
}

/** A list with nothing in it yet. */
export function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-border-strong bg-surface p-10 text-center text-muted">
      {children}
    </p>
  );
}
