import { Outlet, ScrollRestoration } from 'react-router';
import { AppLayout } from '../../features/layout/components/app-layout';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';

export function RootRoute() {
  return (
    <AppLayout themeToggle={<ThemeToggle />} notificationBell={<NotificationBell />}>
      <Outlet />
      <ScrollRestoration />
    </AppLayout>
  );
}
