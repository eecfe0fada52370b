import type { ReactNode } from 'react';
import { X } from 'lucide-react';

interface PreviewTileProps {
  removeLabel: string;
  onRemove: () => void;
  removing: boolean;
  children: ReactNode;
}

/** A square preview of an uploaded file with its remove button in the corner. */
export function PreviewTile({ removeLabel, onRemove, removing, children }: PreviewTileProps) {
  return (
    <li className="relative aspect-square overflow-hidden rounded-lg border border-border bg-surface-muted">
      {children}
      <button
        type="button"
        onClick={onRemove}
        disabled={removing}
        aria-label={removeLabel}
        className="absolute top-1.5 right-1.5 cursor-pointer rounded-full bg-slate-950/70 p-1.5 text-white shadow hover:bg-slate-950/90 disabled:cursor-wait disabled:opacity-60"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}
