import { useEffect, useId, useState } from 'react';
import { MSG, PUSH_PREFERENCE_KEYS, type EmailPreferences, type PushDevice } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { RelativeTime } from '../../../components/ui/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { useAddPushDevice, usePushSettings, useRemovePushDevice, useUpdatePushPreferences } from '../api/push-settings';
import { BrowserPushError, browserPushSupported, currentSubscription, subscribeThisBrowser } from '../lib/browser-push';
import { PREFERENCES } from './email-preference-fields';
import { PreferenceSwitch } from './preference-switch';
import { useSiteName } from '../../../lib/public-config';

const failed = (error: unknown) => toast.error(error instanceof BrowserPushError ? error.message : errorMessage(error));

/**
 * Settings' push part: turn push on or off for this device (the browser asks its permission only then), the devices
 * that receive push (each removable), and which kinds are pushed, each beside its email preference.
 */
export function PushSettings({ emailPreferences }: { emailPreferences: EmailPreferences }) {
  const siteName = useSiteName();
  const { data: settings, isError } = usePushSettings();
  const addDevice = useAddPushDevice();
  const removeDevice = useRemovePushDevice();
  const updatePreferences = useUpdatePushPreferences();
  // The browser's abilities are read once the page is hydrated (the server knows none of them).
  const supported = useHydrated() ? browserPushSupported() : null;
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [turningOn, setTurningOn] = useState(false);
  const idPrefix = useId();

  useEffect(() => {
    void currentSubscription()
      .then((subscription) => setThisEndpoint(subscription?.endpoint ?? null))
      .catch(() => undefined);
  }, []);

  if (isError) return <p className="text-sm text-danger">{MSG.failedLoadProfileData}</p>;
  if (!settings || supported === null) return <Loading />;
  const thisDevice = settings.devices.find((d) => d.endpoint === thisEndpoint) ?? null;

  const turnOn = async () => {
    setTurningOn(true);
    try {
      const subscription = await subscribeThisBrowser(settings.publicKey);
      await addDevice.mutateAsync(subscription);
      setThisEndpoint(subscription.endpoint);
      toast.success(MSG.pushTurnedOn);
    } catch (error) {
      failed(error);
    } finally {
      setTurningOn(false);
    }
  };

  const remove = async (device: PushDevice) => {
    try {
      await removeDevice.mutateAsync(device.id);
      if (device.endpoint === thisEndpoint) {
        // This browser stops listening too; turning push on again makes a new subscription.
        await currentSubscription()
          .then((subscription) => subscription?.unsubscribe())
          .catch(() => undefined);
        setThisEndpoint(null);
        toast.success(MSG.pushTurnedOff);
      } else {
        toast.success(MSG.pushDeviceRemoved);
      }
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        {!supported ? (
          <p className="text-sm text-muted">{MSG.pushUnsupported}</p>
        ) : thisDevice ? (
          <>
            <p className="text-sm text-fg">{MSG.pushTurnedOn}.</p>
            <Button variant="secondary" onClick={() => void remove(thisDevice)} disabled={removeDevice.isPending}>
              Turn off for this device
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">Your browser will ask whether {siteName} may show notifications.</p>
            <Button onClick={() => void turnOn()} disabled={turningOn}>
              {turningOn ? 'Turning on...' : 'Turn on for this device'}
            </Button>
          </>
        )}
      </div>

      <section aria-labelledby={`${idPrefix}-devices`}>
        <h3 id={`${idPrefix}-devices`} className="text-sm font-semibold text-fg">
          Devices that receive push
        </h3>
        {settings.devices.length === 0 ? (
          <p className="mt-1 text-sm text-muted">No devices yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-border rounded-md border border-border">
            {settings.devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-fg">
                    {device.device}
                    {device.id === thisDevice?.id && <span className="ml-2 text-xs text-muted">(this device)</span>}
                  </p>
                  <p className="text-xs text-muted">
                    Added <RelativeTime date={device.createdAt} />
                  </p>
                </div>
                <Button
                  variant="secondary-danger"
                  size="sm"
                  aria-label={`Remove ${device.device}${device.id === thisDevice?.id ? ' (this device)' : ''}`}
                  onClick={() => void remove(device)}
                  disabled={removeDevice.isPending}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <fieldset>
        <legend className="text-sm font-semibold text-fg">Push me when</legend>
        <ul className="mt-2 grid gap-3 sm:grid-cols-2">
          {PUSH_PREFERENCE_KEYS.map((key) => (
            <PreferenceSwitch
              key={key}
              id={`${idPrefix}-${key}`}
              label={PREFERENCES[key].label}
              detail={
                <>
                  {PREFERENCES[key].detail}
                  <span className="mt-0.5 block font-medium">Email: {emailPreferences[key] ? 'on' : 'off'}</span>
                </>
              }
              // Named apart from the email switch of the same kind above (one name, two controls otherwise).
              aria-label={`Push: ${PREFERENCES[key].label}`}
              checked={settings.preferences[key]}
              disabled={updatePreferences.isPending}
              onChange={(event) =>
                updatePreferences.mutate(
                  { ...settings.preferences, [key]: event.target.checked },
                  { onSuccess: () => toast.success(MSG.pushPreferencesSaved), onError: failed },
                )
              }
            />
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
