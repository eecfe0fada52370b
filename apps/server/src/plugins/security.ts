import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { MSG } from '@fenestra/shared';
import { AppError } from '../lib/errors.js';
import { PRIVATE_ANSWER } from '../cache/public-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route called by other sites by design (the one-click unsubscribe): no Origin check. */
    sameOriginExempt?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A Referer that is not a URL counts as no Referer (it must be refused, not crash the request).
const originOf = (referer: string | undefined) =>
  referer && URL.canParse(referer) ? new URL(referer).origin : undefined;

// Browser features the forum never uses, switched off for every page.
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Whether a route's answers carry the asking member's own data (no browser or proxy may keep a copy): always,
 * never, or only for some queries (the home list's 'mine' scope).
 */
function carriesMemberData(route: string): boolean | ((query: unknown) => boolean) {
  if (route === '/api/me' || route === '/api/bookmarks' || route === '/api/users/:username/bookmarks') return true;
  if (route.startsWith('/api/admin/') || route.startsWith('/api/settings') || route.startsWith('/api/notifications'))
    return true;
  return route === '/api/posts' && ((query) => (query as { scope?: unknown } | undefined)?.scope === 'mine');
}

/** The headers helmet sets with these options (and the Permissions-Policy), worked out once by running it against a recorder. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
  });
  return { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
}

// Security headers, compression, and the same-origin rule for every state-changing request.
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; allowedOrigins: string[]; mediaUrl: string | null }) => {
    const allowed = new Set(opts.allowedOrigins);
    // Files come from our origin, or from MEDIA_URL's address (a CDN, the bucket) when it is set: that prefix only.
    const media = opts.mediaUrl ? [`${opts.mediaUrl}/`] : [];
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Link preview pictures are our own copies, so no other site's image is ever loaded.
          imgSrc: ["'self'", 'data:', 'blob:', ...media],
          mediaSrc: ["'self'", 'blob:', ...media],
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
    // The same for every answer: set at once, not worked out again for each request. Cache-Control among them: an
    // answer is private and kept nowhere unless it says otherwise (public reads do, through sendCached).
    headers['cache-control'] = PRIVATE_ANSWER;
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // Answers up to 64 KiB (a search page is about 20 KiB) are compressed in one call: a zlib stream per answer cost
    // about 1 ms of CPU for a 20 KiB one, the compression itself 0.2 ms (brotli at quality 4). The plugin's default
    // from 2 cores (8 KiB) counts on spare cores for its thread pool, and here PostgreSQL shares them. Brotli at
    // quality 1, not the plugin's 4: a 23 KiB search page in 0.05 ms instead of 0.28, 3.7 KiB instead of 3.2 (gzip:
    // 0.15 ms, 3.0 KiB). Built files are sent as compressed at build time (plugins/spa.ts), not through this.
    await app.register(compress, {
      threshold: 1024,
      syncThreshold: 64 * 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    });

    // On the routes, not the path's spelling ('/%61pi/me' is '/api/me' too), and only on those that carry such data:
    // the others' answers (every public read) skip the hook.
    app.addHook('onRoute', (route) => {
      const carries = carriesMemberData(route.url);
      if (!carries) return;
      const noStore: onSendHookHandler = (request, reply, payload, done) => {
        if (carries === true || carries(request.query)) reply.header('Cache-Control', PRIVATE_ANSWER);
        done(null, payload);
      };
      route.onSend = [...[route.onSend ?? []].flat(), noStore];
    });

    app.addHook('onRequest', (request, _reply, done) => {
      // Every unsafe method, whatever the path's spelling: '/%61pi/...' routes to '/api/...' too.
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.sameOriginExempt) return done();
      const sent = request.headers.origin ?? originOf(request.headers.referer);
      if (!sent || !allowed.has(sent)) return done(new AppError(403, 'FORBIDDEN_ORIGIN', MSG.forbiddenOrigin));
      done();
    });
  },
);
