/** Builds the web app when its output is missing or older than any of its sources; true when it built. */
export function buildWebIfNeeded(): boolean;
