import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { LIMITS } from '@fenestra/shared';
import { unavailable } from '../../lib/errors.js';
import { publicUrl, safe, type Bucket, type Storage } from './storage.js';
import type { S3Settings } from '../../config/env.js';

const CACHE_CONTROL = `public, max-age=${LIMITS.storageCacheSeconds}, immutable`;
// DeleteObjects takes at most this many keys a call.
const DELETE_BATCH = 1000;

/**
 * An S3-compatible bucket behind the same interface as the local disk. The SPEC's three buckets are
 * prefixes of one bucket: `post-images/{userId}/{file}`, so a file's key is exactly its path under /media/.
 */
export async function s3Storage(settings: S3Settings): Promise<Storage & { client: S3Client }> {
  // The SDK warns on Node 20 that its releases after early 2027 need Node 22: the version here is pinned
  // exactly (package.json) and runs on Node 20, so the warning would only alarm operators at every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // Loaded only when the bucket is used: the SDK adds ~20 MB and half a second to a start that needs no bucket.
  const {
    S3Client,
    PutObjectCommand,
    GetObjectCommand,
    DeleteObjectsCommand,
    ListObjectsV2Command,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const isMissing = (err: unknown) =>
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
  /** A store that cannot be reached, or answers with its own failure, is 'try again later' for the client (503). */
  const storeAway = (err: unknown): unknown => {
    if (err instanceof S3ServiceException && (err.$metadata.httpStatusCode ?? 500) < 500) return err;
    return Object.assign(unavailable(), { cause: err });
  };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where the API requires them: s3rver 3.7 stores the SDK's default streaming (aws-chunked)
    // checksum framing inside the file, and some S3-compatible stores refuse the trailing checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const key = (bucket: Bucket, filePath: string) => `${bucket}/${safe(filePath)}`;

  return {
    client,
    root: null,
    async put(bucket, filePath, body, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key(bucket, filePath),
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
            CacheControl: CACHE_CONTROL,
          }),
        );
      } catch (err) {
        throw storeAway(err);
      }
      return { path: filePath, publicUrl: publicUrl(bucket, filePath) };
    },
    async get(bucket, filePath) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key(bucket, filePath) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (isMissing(err)) return null;
        throw storeAway(err);
      }
    },
    async remove(bucket, filePaths) {
      for (let i = 0; i < filePaths.length; i += DELETE_BATCH) {
        const Objects = filePaths.slice(i, i + DELETE_BATCH).map((p) => ({ Key: key(bucket, p) }));
        let res;
        try {
          res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        } catch (err) {
          throw storeAway(err);
        }
        // A key that is already gone is not an error in S3; anything listed here was not removed.
        if (res.Errors?.length)
          throw new Error(`The store kept ${res.Errors.length} file(s): ${res.Errors[0]!.Code} ${res.Errors[0]!.Key}`);
      }
    },
    async *list(bucket) {
      let ContinuationToken: string | undefined;
      do {
        const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${bucket}/`, ContinuationToken }));
        for (const o of res.Contents ?? []) {
          if (o.Key) yield { path: o.Key.slice(bucket.length + 1), bytes: o.Size ?? 0 };
        }
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async open(bucket, filePath, range) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key(bucket, filePath), Range: range }));
        if (!res.Body) return null;
        return {
          body: res.Body instanceof Readable ? res.Body : Readable.fromWeb(res.Body.transformToWebStream() as never),
          contentType: res.ContentType,
          contentLength: res.ContentLength,
          contentRange: res.ContentRange,
          etag: res.ETag,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        if (err instanceof S3ServiceException && (err.name === 'InvalidRange' || err.$metadata.httpStatusCode === 416))
          return 'unsatisfiable-range';
        throw storeAway(err);
      }
    },
  };
}
