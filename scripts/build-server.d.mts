/** Compiles the server to apps/server/dist when an output is missing or stale (or always, forced); true when it built. */
export function buildServerIfNeeded(opts?: { force?: boolean }): Promise<boolean>;
