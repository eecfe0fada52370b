import { loadConfig } from '../config/env.js';
import { localStorage } from '../adapters/storage/storage.js';
import { localUploadsDir } from '../adapters/storage/open.js';
import { s3Storage } from '../adapters/storage/s3.js';
import { migrateStorage, type MigrationProgress } from '../ops/storage-migrate.js';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

function progressBar(p: MigrationProgress): string {
  const share = p.totalBytes ? p.bytes / p.totalBytes : p.totalFiles ? p.files / p.totalFiles : 1;
  const width = 30;
  const filled = Math.round(share * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor(share * 100)}%  ${p.files}/${p.totalFiles} files  ${megabytes(p.bytes)}/${megabytes(p.totalBytes)}`;
}

// npm run storage:migrate: copies DATA_DIR/uploads into the S3 bucket that the S3_* settings name (STORAGE=s3).
// Safe while the forum runs and safe to run again: files already in the bucket are skipped.
async function main() {
  const config = loadConfig();
  if (config.storage.kind !== 's3') throw new Error('Set STORAGE=s3 and the S3_* settings of the bucket to copy into.');
  const dir = localUploadsDir(config.dataDir);
  const target = config.storage.s3;
  console.log(`Copying ${dir} into bucket ${target.bucket}${target.endpoint ? ` at ${target.endpoint}` : ''}`);
  const tty = process.stderr.isTTY;
  let lastShare = -1;
  const result = await migrateStorage(localStorage(dir), await s3Storage(target), {
    onProgress(p) {
      if (tty) {
        process.stderr.write(`\r${progressBar(p)}`);
        return;
      }
      // Not a terminal (a log): a line every tenth.
      const share = p.totalFiles ? Math.floor((p.files / p.totalFiles) * 10) : 10;
      if (share !== lastShare) {
        lastShare = share;
        console.error(progressBar(p));
      }
    },
  });
  if (tty) process.stderr.write('\n');
  console.log(
    `Copied ${result.copied} file${result.copied === 1 ? '' : 's'} (${megabytes(result.bytes)}); ${result.alreadyThere} already in the bucket.`,
  );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
