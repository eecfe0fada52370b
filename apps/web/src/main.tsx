import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { applyTheme, readStoredTheme } from './features/theme/theme-store';
import { reloadOnceForStaleChunk } from './lib/stale-chunk';
import './index.css';

// public/theme-init.js normally did this before first paint; this covers a page where it could not run.
if (!document.documentElement.classList.contains('light') && !document.documentElement.classList.contains('dark')) {
  applyTheme(readStoredTheme());
}

// Vite's own preload of a page's dependencies fails the same way after a deploy.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForStaleChunk()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
