import type { RouteObject } from 'react-router';
import { routes } from '../app/router';

// Tests render pages on the first frame, as before code splitting: every lazy page is loaded once, up front.
async function resolve(list: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(list.map(async (route) => {
    const children = route.children ? await resolve(route.children) : undefined;
    if (typeof route.lazy !== 'function') return { ...route, children } as RouteObject;
    const loaded = await route.lazy();
    const { lazy: _lazy, ...rest } = route;
    return { ...rest, ...loaded, children } as RouteObject;
  }));
}

export const eagerRoutes = await resolve(routes);
