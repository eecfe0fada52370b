import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { Query } from '@tanstack/react-query';
import type { Me } from '@fenestra/shared';
import { AppProviders } from './app/providers';
import { AppRoutes, drawnParts } from './app/router';
import { seedQueries, type ServerData } from './app/server-data';
import { createQueryClient } from './lib/query-client';
import { queryKeys } from './lib/query-keys';
import { applyTheme, readStoredTheme } from './features/theme/theme-store';
import { reloadOnceForStaleChunk } from './lib/stale-chunk';
import './index.css';

/** How long the data the server drew the page from counts as fresh. */
const SERVER_DATA_FRESH_MS = 30_000;

// public/boot.js normally did this before first paint; this covers a page where it could not run.
if (!document.documentElement.classList.contains('light') && !document.documentElement.classList.contains('dark')) {
  applyTheme(readStoredTheme());
}

// Vite's own preload of a page's dependencies fails the same way after a deploy.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForStaleChunk()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const client = createQueryClient();
// The server drew its 'Page not found' page for this address (a 404 or 410): the first view shows that page.
const drawnAt = root.dataset.drawnAt;
const app = (
  <StrictMode>
    <AppProviders queryClient={client}>
      <BrowserRouter>
        <AppRoutes drawnAt={drawnAt} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The home list and a post page come drawn by the server, with the data they were drawn from (docs/decisions/013).
const serverData = document.getElementById('fenestra-data');
if (serverData?.textContent) {
  const data = JSON.parse(serverData.textContent) as ServerData[];
  seedQueries(client, data);
  // The server's answers count as fresh for a while: the page does not ask again for what it was just sent
  // (a live event still refetches at once, as it invalidates).
  const seeded = new Map<Query, number>();
  for (const { key } of data) {
    const query = client.getQueryCache().find({ queryKey: key, exact: true });
    if (query) seeded.set(query, query.state.dataUpdatedAt);
  }
  const fallback = client.getDefaultOptions().queries?.staleTime ?? 0;
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: {
      ...client.getDefaultOptions().queries,
      staleTime: (query) =>
        seeded.get(query as Query) === query.state.dataUpdatedAt
          ? SERVER_DATA_FRESH_MS
          : typeof fallback === 'function'
            ? fallback(query)
            : fallback,
    },
  });
  // The code of every lazy part the server drew first (the page's, a member's menu and bell), so hydration finds the
  // same tree the server drew and no boundary waits for code: a link clicked meanwhile could be left waiting with it
  // (drawnParts). Hydration starts in a task of its own, not in the one that evaluated this bundle: two shorter tasks
  // block a slow phone less than one long one.
  const me = client.getQueryData<Me | null>(queryKeys.me) ?? null;
  void Promise.allSettled(drawnParts(drawnAt ?? location.pathname, me).map((part) => part.preload())).then(() =>
    setTimeout(() => {
      // public/boot.js holds the clicks made until the page is hydrated, then does them again (docs/decisions/017).
      document.dispatchEvent(new Event('fenestra:hydrating'));
      hydrateRoot(root, app);
    }),
  );
} else {
  createRoot(root).render(app);
}
