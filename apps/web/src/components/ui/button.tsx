import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '../../lib/cn';

/** The button's look on its one child (a link): its classes joined, the rest of the button's props given to it. */
function Slot({ children, className, ...props }: ComponentProps<'button'>) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<{ className?: string }>;
  return cloneElement(child, { ...props, className: cn(className, child.props.className) } as object);
}

const variants = {
  primary: 'bg-primary text-primary-fg hover:bg-primary-hover shadow-sm',
  secondary: 'border border-border-strong bg-surface text-fg hover:bg-surface-muted shadow-sm',
  /** An outlined button whose action destroys something, among other outlined ones. */
  'secondary-danger': 'border border-border-strong bg-surface text-danger hover:bg-surface-muted shadow-sm',
  ghost: 'text-fg hover:bg-surface-muted',
  link: 'text-link underline-offset-4 hover:underline px-0 h-auto',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-9 px-4 text-sm',
  lg: 'h-10 px-5 text-base',
  icon: 'h-9 w-9 p-0',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the single child (a link) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
        'disabled:pointer-events-none disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
