import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A button for an action that destroys something (delete an account, a post): the danger colour. */
export function DestructiveButton({ className, type, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(
        'inline-flex h-9 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md bg-danger px-4 text-sm font-medium whitespace-nowrap text-white shadow-sm dark:text-slate-950',
        'hover:opacity-90 disabled:pointer-events-none disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
