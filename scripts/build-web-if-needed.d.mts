/** Builds the web app when its output is missing or older than any of its sources; true when it built. */
export function buildWebIfNeeded(): boolean;
/** The newest modification time (ms) of a file or anything under a folder; 0 when it is missing. */
export function newest(p: string): number;
