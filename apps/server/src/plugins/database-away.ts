import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EmbeddedCluster } from '../db/embedded.js';
import { unavailable } from '../lib/errors.js';

// While the embedded server is down (restarting, or its owner gone) every API answer is 503 with
// Retry-After at once, rather than after a connection timeout; health still reports for itself.
export const databaseAway = fp(async (app: FastifyInstance, opts: { embedded: EmbeddedCluster | null }) => {
  const { embedded } = opts;
  if (!embedded) return;
  app.addHook('onRequest', (request, _reply, done) => {
    if (embedded.available || !request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return done();
    done(unavailable());
  });
});
