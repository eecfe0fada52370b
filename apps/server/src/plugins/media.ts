import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import { BUCKETS, MEDIA_PREFIX, type Bucket, type Storage } from '../adapters/storage/storage.js';
import { LIMITS } from '@fenestra/shared';

const CACHE_CONTROL = `public, max-age=${LIMITS.storageCacheSeconds}, immutable`;
const FILE_PATH = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/;

// Stored files never change (no overwrite), so they are cached for a year. Served whether or not MEDIA_URL
// sends browsers elsewhere: addresses handed out before it was set keep working.
export async function mediaPlugin(app: FastifyInstance, opts: { storage: Storage }) {
  const { storage } = opts;
  if (storage.root) {
    mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: `${MEDIA_PREFIX}/`,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders(reply) {
        reply.header('Cache-Control', CACHE_CONTROL);
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });
    return;
  }
  const open = storage.open?.bind(storage);
  if (!open) return;
  // A bucket: the file (or the byte range a video player asks for) streamed through from the store.
  app.get<{ Params: { bucket: string; '*': string } }>(`${MEDIA_PREFIX}/:bucket/*`, async (request, reply) => {
    const { bucket, '*': filePath } = request.params;
    if (!BUCKETS.includes(bucket as Bucket) || !FILE_PATH.test(filePath)) return reply.callNotFound();
    const range =
      typeof request.headers.range === 'string' && /^bytes=\d*-\d*$/.test(request.headers.range)
        ? request.headers.range
        : undefined;
    const file = await open(bucket as Bucket, filePath, range);
    if (file === null) return reply.callNotFound();
    if (file === 'unsatisfiable-range') return reply.code(416).send();
    reply
      .header('Cache-Control', CACHE_CONTROL)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Accept-Ranges', 'bytes')
      .type(file.contentType ?? 'application/octet-stream');
    if (file.contentLength !== undefined) reply.header('Content-Length', file.contentLength);
    if (file.etag) reply.header('ETag', file.etag);
    if (file.contentRange) reply.code(206).header('Content-Range', file.contentRange);
    return reply.send(file.body);
  });
}
