/**
 * The address browsers fetch a stored file from. Rows keep `/media/{bucket}/{path}` (never a host), and
 * answers go out through this: under MEDIA_URL (a CDN, the bucket's public address) when it is set, so
 * that address can change without touching a row. Anything else (a preset emoji avatar) passes unchanged.
 * Made by adapters/storage (mediaAddress); lib and the modules only call it.
 */
export type MediaAddress = <T extends string | null>(stored: T) => T;
