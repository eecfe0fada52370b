import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs this server (a mailto: or https: address), sent to push services in the VAPID token. */
  subject: string;
}

/**
 * The server's VAPID keys: from the environment when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set (several
 * instances must share one pair: a browser subscribed with one public key), else made on first start and kept in
 * DATA_DIR/vapid.json, readable by the owner alone. A browser's subscriptions stop working if the keys change.
 */
export function vapidKeys(
  config: { dataDir: string; publicUrl: string },
  env: { publicKey?: string; privateKey?: string; subject?: string },
): VapidKeys {
  const subject =
    env.subject ?? (config.publicUrl.startsWith('https://') ? config.publicUrl : 'mailto:admin@fenestra.local');
  if (env.publicKey && env.privateKey) return { publicKey: env.publicKey, privateKey: env.privateKey, subject };
  const file = path.join(config.dataDir, 'vapid.json');
  const read = () => {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  };
  if (existsSync(file)) return read();
  const made = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // The worker and the API start together: whichever wrote first, both use its keys.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
  chmodSync(file, 0o600);
  return { ...made, subject };
}
