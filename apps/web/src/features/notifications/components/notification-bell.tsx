import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bell } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { MSG, NEW_MARKERS_TEXT, type Notification } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { paths } from '../../../config/paths';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationItem } from './notification-item';

/**
 * The header's bell (members only): the latest 20, newest first, a badge of every unread one ('9+'
 * above 9); an item marks itself read and opens its post; 'Mark all as read'. New ones arrive live
 * (the stream's notification.created rereads the list). 'See all notifications' opens /notifications.
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
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `${MSG.notifications}, ${unread} unread` : MSG.notifications}
        >
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
              <NotificationItem key={notification.id} notification={notification} onOpen={openNotification} />
            ))}
          </ul>
        )}
        <div className="border-t border-border px-4 py-2 text-center">
          <Link
            to={paths.notifications}
            onClick={() => setOpen(false)}
            className="text-sm font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {NEW_MARKERS_TEXT.seeAll}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
