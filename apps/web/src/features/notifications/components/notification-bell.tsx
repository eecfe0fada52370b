import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { MSG, type Notification } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { RelativeTime } from '../../../components/ui/relative-time';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/**
 * The header's bell (members only): the latest 20, newest first, a badge of every unread one ('9+'
 * above 9); an item marks itself read and opens its post; 'Mark all as read'. New ones arrive live
 * (the stream's notification.created rereads the list).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { data, isPending, isError } = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const unread = data?.unreadCount ?? 0;
  const notifications = data?.notifications ?? [];

  const mark = (id: string | null) =>
    markRead.mutate(id, { onError: () => toast.error(MSG.failedMarkRead, { id: 'mark-read-failed' }) });

  const openNotification = (notification: Notification) => {
    if (!notification.read) mark(notification.id);
    setOpen(false);
    if (notification.postId) void navigate(paths.post(notification.postId));
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread > 0 ? `${MSG.notifications}, ${unread} unread` : MSG.notifications}>
          <Bell className="size-5" aria-hidden />
          {unread > 0 && (
            <span
              data-testid="notification-badge"
              aria-hidden
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-none font-semibold text-white tabular-nums"
            >
              {MSG.badge(unread)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={MSG.notifications} className="w-[min(22rem,calc(100vw-1.5rem))]! p-0!">
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <p className="text-sm font-semibold">{MSG.notifications}</p>
          {unread > 0 && (
            <Button variant="link" size="sm" className="text-sm" onClick={() => mark(null)}>
              {MSG.markAllRead}
            </Button>
          )}
        </div>
        {isPending ? (
          <p className="px-4 py-6 text-center text-sm text-muted">Loading...</p>
        ) : isError && notifications.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted">{MSG.failedLoadData}</p>
        ) : notifications.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted">{MSG.noNotifications}</p>
        ) : (
          <ul aria-label="Latest notifications" className="max-h-96 divide-y divide-border overflow-y-auto">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <button
                  type="button"
                  onClick={() => openNotification(notification)}
                  className={cn(
                    'flex w-full cursor-pointer gap-3 px-4 py-3 text-left text-sm hover:bg-surface-muted',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    !notification.read && 'bg-accent/60',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-primary')}
                  />
                  <span className="min-w-0 flex-1">
                    {!notification.read && <span className="sr-only">Unread: </span>}
                    <span className={cn('block break-words text-fg', !notification.read && 'font-medium')}>{notification.message}</span>
                    <RelativeTime date={notification.createdAt} className="mt-0.5 block text-xs text-muted" />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
