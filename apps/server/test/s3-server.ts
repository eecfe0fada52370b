import S3rver from 's3rver';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { s3Storage } from '../src/adapters/storage/s3.js';

const BUCKET = 'fenestra-test';

/** A real S3 API on loopback (s3rver, files in a temporary folder) and the settings that point the app at it. */
export async function startS3(): Promise<{
  env: Record<string, string>;
  store: Awaited<ReturnType<typeof s3Storage>>;
  close(): Promise<void>;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fenestra-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    // s3rver's own fixed key pair.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const store = await s3Storage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: BUCKET,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    forcePathStyle: true,
  });
  return {
    env,
    store,
    async close() {
      store.client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
