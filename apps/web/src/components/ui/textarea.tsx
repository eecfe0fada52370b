import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A multi-line input with the same border, focus ring and error look as Input. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-32 w-full rounded-md border border-border-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted shadow-xs',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        'aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
