import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { useTheme } from '../features/theme/theme-store';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useTheme();
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* 'Messages', not sonner's default 'Notifications': that name belongs to the header's bell. */}
      <Toaster theme={theme} position="bottom-right" closeButton containerAriaLabel="Messages" />
    </QueryClientProvider>
  );
}
