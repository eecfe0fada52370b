import { WHAT_IS_NEW_TEXT } from '@fenestra/shared';
import { PageHeading } from '../../components/ui/page-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';

/** Every notification of the member, with filters (issue 25). */
export function NotificationsRoute() {
  useDocumentTitle(WHAT_IS_NEW_TEXT.notificationsTitle);
  return (
    <section>
      <PageHeading title={WHAT_IS_NEW_TEXT.notificationsTitle} />
      <NotificationsPage />
    </section>
  );
}
