import { AlertTriangle } from 'lucide-react';
import { MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';

/** A save refused because someone saved a newer version meanwhile: reload it, keeping what was typed. */
export function EditConflictNotice({ onReload, busy }: { onReload: () => void; busy: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-100"
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      <p className="font-medium">{MSG.editConflict}</p>
      <Button variant="secondary" size="sm" className="ml-auto" disabled={busy} onClick={onReload}>
        {MSG.reloadKeepingText}
      </Button>
    </div>
  );
}
