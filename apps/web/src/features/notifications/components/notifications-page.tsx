import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  NOTIFICATION_FILTERS,
  WHAT_IS_NEW_TEXT,
  type Notification,
  type NotificationFilter,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useNotificationPage } from '../api/get-notification-page';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationItem } from './notification-item';

const isFilter = (value: string | null): value is NotificationFilter =>
  (NOTIFICATION_FILTERS as readonly (string | null)[]).includes(value);

/**
 * /notifications (issue 25): every notification, newest first, a page at a time, through a filter kept in the
 * address (?filter=), with 'Mark all as read'. Opening one marks it read.
 */
export function NotificationsPage() {
  const [params] = useSearchParams();
  const raw = params.get('filter');
  const filter: NotificationFilter = isFilter(raw) ? raw : 'all';
  const query = useNotificationPage(filter);
  const client = useQueryClient();
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  const unread = query.data?.pages[0]?.unreadCount ?? 0;

  const mark = (id: string | null) =>
    markRead.mutate(id, {
      onError: () => toast.error(MSG.failedMarkRead, { id: 'mark-read-failed' }),
      // The bell's list is written at once; the pages (under its key) are read again.
      onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.notifications }),
    });

  const open = (notification: Notification) => {
    if (!notification.read) mark(notification.id);
    if (notification.postId) void navigate(paths.post(notification.postId));
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Filter notifications">
          <ul className="flex flex-wrap gap-2">
            {NOTIFICATION_FILTERS.map((f) => (
              <li key={f}>
                <Link
                  to={f === 'all' ? paths.notifications : `${paths.notifications}?filter=${f}`}
                  aria-current={f === filter ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    f === filter
                      ? 'border-primary bg-primary text-primary-fg'
                      : 'border-border-strong bg-surface text-fg hover:bg-surface-muted',
                  )}
                >
                  {WHAT_IS_NEW_TEXT.filterLabels[f]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Button variant="secondary" size="sm" disabled={unread === 0} onClick={() => mark(null)}>
          {WHAT_IS_NEW_TEXT.markAllRead}
        </Button>
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {unread === 0
          ? 'No unread notifications'
          : unread === 1
            ? '1 unread notification'
            : `${unread} unread notifications`}
      </p>
      <PagedList
        query={query}
        itemsOf={(page) => page.notifications}
        loading={<Loading />}
        failedMessage={MSG.failedLoadData}
        toastId="notifications-page-error"
        empty={filter === 'all' ? WHAT_IS_NEW_TEXT.noNotifications : WHAT_IS_NEW_TEXT.noFilteredNotifications}
        loadMoreLabel={WHAT_IS_NEW_TEXT.loadMore}
      >
        {(notifications) => (
          <ul
            aria-label={WHAT_IS_NEW_TEXT.notificationsTitle}
            className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface"
          >
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={open} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
