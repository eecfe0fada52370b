import { useEffect, useRef } from 'react';

// After a client-side navigation, focus moves to the new page's heading (its h1), as a page load would put a screen
// reader at the top of the new page: otherwise it stays on the link or menu in the header that was used. The work is
// in focus-page-heading.ts, loaded at the first navigation (the home page's first load does without it).

const main = () => document.getElementById('main');

/** True when focus is in the page itself (its heading, or a field it focused): a closing menu leaves it there. */
export function focusIsInPage(): boolean {
  const active = document.activeElement;
  return Boolean(active && active !== document.body && main()?.contains(active));
}

/** Moves focus to the page's h1 when `pathname` changes (not on the first page). */
export function useFocusPageHeading(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const page = main();
    if (!page) return;
    const from = document.activeElement;
    let stop: (() => void) | null = null;
    let left = false;
    import('./focus-page-heading')
      .then(({ focusPageHeading }) => {
        if (!left) stop = focusPageHeading(page, from);
      })
      // Its code could not load (a deploy since): focus stays where it was.
      .catch(() => {});
    return () => {
      left = true;
      stop?.();
    };
  }, [pathname]);
}
