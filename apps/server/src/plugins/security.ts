import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import { MSG } from '@fenestra/shared';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A Referer that is not a URL counts as no Referer (it must be refused, not crash the request).
const originOf = (referer: string | undefined) => (referer && URL.canParse(referer) ? new URL(referer).origin : undefined);

// Security headers, compression, and the same-origin rule for every state-changing request.
export const securityPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  const origin = new URL(opts.publicUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Link preview pictures are our own copies, so no other site's image is ever loaded.
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Avatars and post photos may be shown by other sites' link previews.
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    hsts: opts.publicUrl.startsWith('https://'),
  });
  await app.register(compress, { threshold: 1024 });

  app.addHook('onRequest', async (request) => {
    // Every unsafe method, whatever the path's spelling: '/%61pi/...' routes to '/api/...' too.
    if (SAFE_METHODS.has(request.method)) return;
    const sent = request.headers.origin ?? originOf(request.headers.referer);
    if (sent !== origin) throw new AppError(403, 'FORBIDDEN_ORIGIN', MSG.forbiddenOrigin);
  });
});
