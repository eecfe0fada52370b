import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@fenestra/shared';
import { RouteErrorBoundary } from './route-error';
import { lazyPage } from '../../lib/stale-chunk';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
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
  const stale = () =>
    Promise.reject(
      new TypeError('Failed to fetch dynamically imported module: https://forum.example/assets/post-1a2b3c.js'),
    );

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
    storage.setItem('fenestra:stale-chunk-reload', 'build-1');
    renderPage(lazyPage(stale, 'PostRoute', { reload, storage, build: 'build-1' }));
    expect(await screen.findByRole('heading', { name: MSG.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText(MSG.newVersion('Fenestra'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    quiet.mockRestore();
  });

  it('remembers the reload across the reload, even when other code loads after it', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage();
    const firstLoad = vi.fn();
    renderPage(lazyPage(stale, 'PostRoute', { reload: firstLoad, storage, build: 'build-1' }));
    await vi.waitFor(() => expect(firstLoad).toHaveBeenCalledTimes(1));
    cleanup();

    // The reloaded page: the header's menu loads, then the page's code fails again.
    const secondLoad = vi.fn();
    await lazyPage(() => Promise.resolve({ UserMenu: () => null }), 'UserMenu', {
      storage,
      build: 'build-1',
    }).preload();
    renderPage(lazyPage(stale, 'PostRoute', { reload: secondLoad, storage, build: 'build-1' }));
    expect(await screen.findByRole('heading', { name: MSG.unexpectedError })).toBeInTheDocument();
    expect(secondLoad).not.toHaveBeenCalled();
    quiet.mockRestore();
  });

  it('reloads once again for the next build', async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    storage.setItem('fenestra:stale-chunk-reload', 'build-1');
    renderPage(lazyPage(stale, 'PostRoute', { reload, storage, build: 'build-2' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storage.getItem('fenestra:stale-chunk-reload')).toBe('build-2');
  });
});
