import { Outlet, ScrollRestoration } from 'react-router';
import { AppLayout } from '../../features/layout/components/app-layout';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';

export function RootRoute() {
  return (
    <AppLayout themeToggle={<ThemeToggle />}>
      <Outlet />
      <ScrollRestoration />
    </AppLayout>
  );
}
