import { useEffect, useState, type ReactNode } from 'react';
import { LIMITS } from '@fenestra/shared';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * Below 768px the sidebar lives in this slide-in drawer. It is a modal dialog: focus stays inside,
 * Escape closes it, and following a link closes it (the child calls `close`).
 */
export function MobileNav({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);

  // Widened past the breakpoint with the drawer open: the desktop sidebar takes over.
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${LIMITS.mobileBreakpoint}px)`);
    const closeWhenWide = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, []);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden">
          <Menu className="size-5" aria-hidden />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 md:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="drawer-panel fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-border bg-surface text-fg shadow-xl md:hidden"
        >
          <div className="flex h-14 items-center justify-between border-b border-border px-4">
            <DialogPrimitive.Title className="text-base font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="size-5" aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Sidebar">{children(() => setOpen(false))}</nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
