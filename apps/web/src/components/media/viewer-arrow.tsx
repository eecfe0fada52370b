import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The round Previous / Next button over the media viewer's picture. */
export function ViewerArrow({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-slate-800/90 text-white shadow-lg ring-1 ring-white/25 hover:bg-slate-700',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        className,
      )}
    >
      {children}
    </button>
  );
}
