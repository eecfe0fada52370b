import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { useTheme } from '../features/theme/theme-store';
import { createQueryClient } from '../lib/query-client';
import { LiveUpdates } from '../lib/realtime/live-updates';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useTheme();
  return (
    <QueryClientProvider client={client}>
      <LiveUpdates />
      {children}
      {/* 'Messages', not sonner's default 'Notifications': that name belongs to the header's bell. */}
      {/* Bottom left, as wide as the sidebar: clear of the header's bell and user menu (and the menus they open),
          of the list's Load More in the middle and of forms' buttons on the right. Phones: across the foot. */}
      <Toaster
        theme={theme}
        position="bottom-left"
        offset={{ bottom: 16, left: 8 }}
        mobileOffset={{ bottom: 16 }}
        style={{ '--width': '224px' } as React.CSSProperties}
        closeButton
        containerAriaLabel="Messages"
      />
    </QueryClientProvider>
  );
}
