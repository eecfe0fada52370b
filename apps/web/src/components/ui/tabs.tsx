import type { ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('grid grid-cols-2 gap-1 rounded-md bg-surface-muted p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'cursor-pointer rounded-sm px-3 py-1.5 text-sm font-medium text-muted transition-colors',
        // The ring marks the active tab at >= 3:1 against the list in both themes (the surfaces alone do not).
        'data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm data-[state=active]:ring-2 data-[state=active]:ring-link data-[state=active]:ring-inset',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-5', className)} {...props} />;
}
