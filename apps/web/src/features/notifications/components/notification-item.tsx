import type { Notification } from '@fenestra/shared';
import { RelativeTime } from '../../../components/ui/relative-time';
import { cn } from '../../../lib/cn';

/** One notification in the bell's list and on /notifications: a button that opens it, its unread dot and time. */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
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
          <span className={cn('block break-words text-fg', !notification.read && 'font-medium')}>
            {notification.message}
          </span>
          <RelativeTime date={notification.createdAt} className="mt-0.5 block text-xs text-muted" />
        </span>
      </button>
    </li>
  );
}
