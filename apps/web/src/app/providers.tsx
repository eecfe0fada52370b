import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTheme } from '../features/theme/theme-store';
import { createQueryClient } from '../lib/query-client';
import { lazyPage } from '../lib/stale-chunk';
import { useHydrated } from '../lib/use-hydrated';

export const ToastHost = lazyPage(() => import('./toast-host'), 'ToastHost');

// Renders nothing; its code (the shared event stream) loads after the page's own.
export const LiveUpdates = lazyPage(() => import('../lib/realtime/live-updates'), 'LiveUpdates');

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useTheme();
  // After hydration: sonner is not part of the page's first load (nor of the server's HTML).
  const toasts = useHydrated();
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      {children}
      {/* 'Messages', not sonner's default 'Notifications': that name belongs to the header's bell. */}
      {/* Bottom left, as wide as the sidebar: clear of the header's bell and user menu (and the menus they open),
          of the list's Load More in the middle and of forms' buttons on the right. Phones: across the foot. */}
      {toasts && (
        <Suspense fallback={null}>
          <ToastHost
            theme={theme}
            position="bottom-left"
            offset={{ bottom: 16, left: 8 }}
            mobileOffset={{ bottom: 16 }}
            style={{ '--width': '224px' } as React.CSSProperties}
            closeButton
            containerAriaLabel="Messages"
          />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
