import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { PageHeading } from '../../../components/ui/page-heading';
import { useSettings } from '../api/get-settings';
import { AvatarSettings } from './avatar-settings';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PushSettings } from './push-settings';
import { SettingsForm } from './settings-form';
import { SettingsSection } from './settings-section';
import { useSiteName } from '../../../lib/public-config';

/** /settings: 'Loading...', then the profile picture, the settings form and the danger zone. */
export function SettingsPage() {
  const siteName = useSiteName();
  const settingsQuery = useSettings();
  const { data: settings, isError, errorUpdatedAt } = settingsQuery;
  const failed = isError && !settings;

  useEffect(() => {
    if (failed) toast.error(MSG.failedLoadProfileData, { id: 'settings-load' });
  }, [failed, errorUpdatedAt]);

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeading title="Account Settings">Manage your profile, password and email notifications.</PageHeading>
      {settings ? (
        <div className="space-y-6">
          <SettingsSection title="Profile picture" description="Changes apply at once.">
            <AvatarSettings avatarUrl={settings.avatarUrl} username={settings.username} />
          </SettingsSection>
          <SettingsForm settings={settings} />
          <SettingsSection
            title="Push notifications"
            description={`A notification on this device when someone answers, even with ${siteName} closed. Each kind is pushed while it is on here; the email switches above are its own.`}
          >
            <PushSettings emailPreferences={settings.emailPreferences} />
          </SettingsSection>
          <SettingsSection
            title="Danger zone"
            tone="danger"
            description="Delete your account and everything that belongs only to you."
          >
            <DeleteAccountDialog />
          </SettingsSection>
        </div>
      ) : failed ? (
        <div role="alert" className="rounded-lg border border-border bg-surface p-8 text-center">
          <p className="text-fg">{MSG.failedLoadProfileData}</p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => void settingsQuery.refetch()}
            disabled={settingsQuery.isFetching}
          >
            {settingsQuery.isFetching ? 'Loading...' : 'Try again'}
          </Button>
        </div>
      ) : (
        <Loading />
      )}
    </section>
  );
}
