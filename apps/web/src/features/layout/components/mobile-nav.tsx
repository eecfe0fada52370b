import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '@fenestra/shared';
import { Menu } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { focusIsInPage } from '../../../lib/page-focus';
import { lazyPage } from '../../../lib/stale-chunk';

const MobileDrawer = lazyPage(() => import('./mobile-drawer'), 'MobileDrawer');

/**
 * Below 768px the sidebar lives in a slide-in drawer (mobile-drawer.tsx, loaded when first opened). It is a
 * modal dialog: focus stays inside, Escape closes it, and following a link closes it (the child calls `close`).
 */
export function MobileNav({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing animates and focus returns to the button.
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

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
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="md:hidden"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      {used && (
        <Suspense fallback={null}>
          {/* A link that opened a page leaves focus on its heading (lib/page-focus), not back on the menu button. */}
          <MobileDrawer
            open={open}
            onOpenChange={setOpen}
            returnFocus={() => !focusIsInPage() && button.current?.focus()}
          >
            {children(() => setOpen(false))}
          </MobileDrawer>
        </Suspense>
      )}
    </>
  );
}
