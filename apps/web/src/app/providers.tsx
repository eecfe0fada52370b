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
      {/* Top right, below the sticky header: never over a form's buttons at the foot of the page. */}
      <Toaster theme={theme} position="top-right" offset={{ top: 72, right: 16 }} mobileOffset={{ top: 112 }} closeButton containerAriaLabel="Messages" />
    </QueryClientProvider>
  );
}
