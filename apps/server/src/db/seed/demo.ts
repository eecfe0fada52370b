import type { Config } from '../../config/env.js';
import type { Db } from '../client.js';

// Placeholder replaced by the demo seed work in progress.
export async function seedDemo(_db: Db, _config: Config, _log: { info(msg: string): void }) {
  return { adminEmail: 'admin@fenestra.local', adminPassword: 'unset' };
}
