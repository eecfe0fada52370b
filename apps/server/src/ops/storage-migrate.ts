import { BUCKETS, type Bucket, type Storage } from '../adapters/storage/storage.js';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};
export const contentTypeOf = (filePath: string) =>
  TYPES[filePath.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';

export interface MigrationProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}
export interface MigrationResult {
  copied: number;
  bytes: number;
  alreadyThere: number;
}

/**
 * Copies every file of `from` that `to` does not hold yet (same path and size), bucket by bucket, a few at
 * a time. Stopped half-way, it is run again: what arrived is compared and skipped, the rest is copied.
 */
export async function migrateStorage(
  from: Storage,
  to: Storage,
  opts: { concurrency?: number; onProgress?: (p: MigrationProgress) => void } = {},
): Promise<MigrationResult> {
  const todo: { bucket: Bucket; path: string; bytes: number }[] = [];
  let alreadyThere = 0;
  for (const bucket of BUCKETS) {
    const there = new Map<string, number>();
    for await (const f of to.list(bucket)) there.set(f.path, f.bytes);
    for await (const f of from.list(bucket)) {
      if (there.get(f.path) === f.bytes) alreadyThere++;
      else todo.push({ bucket, ...f });
    }
  }
  const progress: MigrationProgress = {
    files: 0,
    totalFiles: todo.length,
    bytes: 0,
    totalBytes: todo.reduce((n, f) => n + f.bytes, 0),
  };
  opts.onProgress?.(progress);
  let next = 0;
  const copyNext = async (): Promise<void> => {
    while (next < todo.length) {
      const file = todo[next++]!;
      const body = await from.get(file.bucket, file.path);
      // Removed since it was listed (an upload swept meanwhile): nothing to copy.
      if (body) await to.put(file.bucket, file.path, body, contentTypeOf(file.path));
      progress.files++;
      progress.bytes += file.bytes;
      opts.onProgress?.(progress);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, copyNext));
  return { copied: progress.files, bytes: progress.bytes, alreadyThere };
}
