import { lazy, type ComponentType } from 'react';

// After a deploy, an open tab may ask for a page's code by its old file name, which no longer exists.
// Reloading fetches the new index.html and its new file names; once only, so a real outage cannot loop.

const RELOADED_KEY = 'fenestra:stale-chunk-reload';

export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

export interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload?: () => void;
}

/** Reloads the page for a stale chunk unless this tab already did; true when it reloads. */
export function reloadOnceForStaleChunk({ storage = sessionStorage, reload = () => window.location.reload() }: ReloadDeps = {}): boolean {
  if (storage.getItem(RELOADED_KEY)) return false;
  storage.setItem(RELOADED_KEY, String(Date.now()));
  reload();
  return true;
}

/** A page component loaded on first render (React.lazy); `preload` fetches its code ahead (before hydrating it). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** A page module loaded on first visit; a stale chunk reloads the page once instead of failing. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M, deps: ReloadDeps = {}): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    loading ??= (async () => {
      const storage = deps.storage ?? sessionStorage;
      try {
        const module = await load();
        storage.removeItem(RELOADED_KEY);
        return { default: module[name] as ComponentType };
      } catch (error) {
        loading = null;
        // The reload replaces this document; until then the page stays pending rather than failing.
        if (isStaleChunkError(error) && reloadOnceForStaleChunk(deps)) return new Promise<never>(() => {});
        throw error;
      }
    })();
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
