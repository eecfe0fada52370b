import { lazy, type ComponentType } from 'react';

// After a deploy, an open tab may ask for a page's code by its old file name, which no longer exists.
// Reloading fetches the new index.html and its new file names: at most once per build, remembered across the reload,
// so a chunk that fails for another reason (an outage, a proxy) shows the error page instead of reloading in a loop.

const RELOADED_KEY = 'fenestra:stale-chunk-reload';

/** This build: the address of the app's own code, which changes with every build (its file name holds a hash). */
const THIS_BUILD = import.meta.url;

export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

export interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  /** Which build this page runs (tests name one). */
  build?: string;
}

/** Reloads the page for a stale chunk unless this tab already did for this build; true when it reloads. */
export function reloadOnceForStaleChunk({
  storage,
  reload = () => window.location.reload(),
  build = THIS_BUILD,
}: ReloadDeps = {}): boolean {
  try {
    const marks = storage ?? sessionStorage;
    if (marks.getItem(RELOADED_KEY) === build) return false;
    marks.setItem(RELOADED_KEY, build);
  } catch {
    // Without storage to remember the reload by, reloading could loop: the error page shows instead.
    return false;
  }
  reload();
  return true;
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
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  deps: ReloadDeps = {},
): LazyPage<ComponentOf<M[K]>> {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: { default: ComponentType } | null = null;
  const preload = () => {
    loading ??= (async () => {
      try {
        const module = await load();
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
  const settled = (module: { default: ComponentType }) => ({
    then: (resolve: (m: { default: ComponentType }) => void) => resolve(module),
  });
  const component = lazy(() =>
    loaded ? (settled(loaded) as unknown as Promise<{ default: ComponentType }>) : preload(),
  );
  return Object.assign(component, { preload }) as unknown as LazyPage<ComponentOf<M[K]>>;
}
