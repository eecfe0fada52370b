import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import { MEDIA_PREFIX } from '../adapters/storage/storage.js';
import { LIMITS } from '@fenestra/shared';

// Stored files never change (no overwrite), so they are cached for a year.
export async function mediaPlugin(app: FastifyInstance, opts: { root: string }) {
  mkdirSync(opts.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: `${MEDIA_PREFIX}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders(reply) {
      reply.header('Cache-Control', `public, max-age=${LIMITS.storageCacheSeconds}, immutable`);
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });
}
