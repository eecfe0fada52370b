import { useRunningVersion } from '../api/get-running-version';

/** 'Fenestra 0.1.0 · build 1a2b3c4d5e6f' on the admin dashboard: what an operator checks after an upgrade. */
export function RunningVersion() {
  const { data } = useRunningVersion();
  if (!data) return null;
  return (
    <p className="text-xs text-muted" data-testid="running-version">
      Running Fenestra {data.version} · build {data.build}
    </p>
  );
}
