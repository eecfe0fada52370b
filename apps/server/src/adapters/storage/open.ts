import path from 'node:path';
import type { Config } from '../../config/env.js';
import { localStorage, type Storage } from './storage.js';
import { s3Storage } from './s3.js';

/** The store the configuration names (STORAGE): the local disk under DATA_DIR/uploads, or the S3 bucket. */
export async function openStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<Storage> {
  return config.storage.kind === 's3' ? s3Storage(config.storage.s3) : localStorage(localUploadsDir(config.dataDir));
}

export const localUploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
