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

/**
 * Where this page may find its reload mark: only a page that our own reload opened can hold one, so other pages
 * leave sessionStorage alone (its first use costs a phone tens of ms while the page hydrates). The server renders
 * pages too, and has no sessionStorage.
 */
function reloadMarkStorage(): Storage | null {
  if (typeof sessionStorage === 'undefined') return null;
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation && navigation.type !== 'reload' ? null : sessionStorage;
}

/** A component loaded on first render (React.lazy); `preload` fetches its code ahead. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props
export type LazyPage<C extends ComponentType<any> = ComponentType> = C & { preload: () => Promise<unknown> };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props
type ComponentOf<T> = T extends ComponentType<any> ? T : never;

/**
 * A page (or a part of one) whose module loads on first render; a stale chunk reloads the page once instead of
 * failing. Once its code is loaded (`preload`), it renders at once instead of suspending: the server renders it
 * whole, and the browser hydrates it in the same pass.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K, deps: ReloadDeps = {}): LazyPage<ComponentOf<M[K]>> {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: { default: ComponentType } | null = null;
  const preload = () => {
    loading ??= (async () => {
      try {
        const module = await load();
        (deps.storage ?? reloadMarkStorage())?.removeItem(RELOADED_KEY);
        loaded = { default: module[name] as ComponentType };
        return loaded;
      } catch (error) {
        loading = null;
        // The reload replaces this document; until then the page stays pending rather than failing.
        if (isStaleChunkError(error) && reloadOnceForStaleChunk(deps)) return new Promise<never>(() => {});
        throw error;
      }
    })();
    return loading;
  };
  // A thenable that calls back at once: React.lazy reads a loaded module without suspending.
  const settled = (module: { default: ComponentType }) => ({ then: (resolve: (m: { default: ComponentType }) => void) => resolve(module) });
  const component = lazy(() => (loaded ? (settled(loaded) as unknown as Promise<{ default: ComponentType }>) : preload()));
  return Object.assign(component, { preload }) as unknown as LazyPage<ComponentOf<M[K]>>;
}
