import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates its HTML, true from the render after: what
 * differs between them (stored preferences, the clock, parts loaded later) waits for it, so hydration matches.
 * A page rendered in the browser alone (tests, client navigation) is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
