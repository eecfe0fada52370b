import { Navigate } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { Loading } from '../../components/ui/loading';
import { paths } from '../../config/paths';
import { useSiteSettings } from '../../features/site-settings/api/get-site-settings';
import { SiteSettingsForm } from '../../features/site-settings/components/site-settings-form';
import { RunningVersion } from '../../features/site-settings/components/running-version';
import { errorMessage } from '../../lib/api-client';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/settings: admins only (the server refuses anyone else; moderators are sent to the dashboard). */
export function AdminSettingsRoute() {
  useDocumentTitle('Site Settings');
  const { me } = useMe();
  const settings = useSiteSettings();
  if (me && me.role !== 'admin') return <Navigate to={paths.admin} replace />;
  return (
    <div className="space-y-6">
      <PageHeading title="Site Settings">
        The forum’s name, look and limits, applied at once on every instance.
      </PageHeading>
      <RunningVersion />
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <p role="alert" className="text-danger">
          {errorMessage(settings.error)}
        </p>
      ) : (
        <SiteSettingsForm key={JSON.stringify(settings.data.settings)} answer={settings.data} />
      )}
    </div>
  );
}
