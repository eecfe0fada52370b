import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@fenestra/shared';
import { RouteErrorBoundary } from './route-error';
import { lazyPage } from '../../lib/stale-chunk';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
};

const renderPage = (Page: React.ComponentType) =>
  render(
    <MemoryRouter>
      <RouteErrorBoundary resetKey="/">
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );

describe('a page that fails', () => {
  it("shows SPEC's fallback heading with the forum's own words, no internals, and ways on", async () => {
    // React reports the caught error to the console; the boundary's answer is what is tested.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('database unreachable');
    };
    renderPage(Broken);
    expect(await screen.findByRole('heading', { name: MSG.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText(MSG.pageFailed)).toBeInTheDocument();
    expect(screen.queryByText('database unreachable')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    quiet.mockRestore();
  });
});

describe('a page whose code vanished after a deploy', () => {
  const stale = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://forum.example/assets/post-1a2b3c.js'));

  it('reloads the page once instead of showing an error', async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    renderPage(lazyPage(stale, 'PostRoute', { reload, storage }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: MSG.unexpectedError })).not.toBeInTheDocument();
  });

  it('says a new version is out when the reload did not help, and never reloads in a loop', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const storage = memoryStorage();
    storage.setItem('fenestra:stale-chunk-reload', '1');
    renderPage(lazyPage(stale, 'PostRoute', { reload, storage }));
    expect(await screen.findByRole('heading', { name: MSG.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText(MSG.newVersion)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    quiet.mockRestore();
  });

  it('forgets the reload once a page loads, so the next deploy reloads again', async () => {
    const storage = memoryStorage();
    storage.setItem('fenestra:stale-chunk-reload', '1');
    await lazyPage(() => Promise.resolve({ PostRoute: () => null }), 'PostRoute', { storage }).preload();
    expect(storage.getItem('fenestra:stale-chunk-reload')).toBeNull();
  });
});
