import type { FastifyInstance } from 'fastify';
import type { OpenedServices } from './app-services.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What every request and the app's close go through: the request id header, the replay's bookkeeping, a change
 * leaving the caches before its answer, and the order things stop in. `ownsAi`: the AI provider is the app's
 * to close (a provider a test passed in is the test's).
 */
export function installLifecycle(app: FastifyInstance, opened: OpenedServices, opts: { ownsAi: boolean }): void {
  const { database, events, replay, ai, previews } = opened.services;
  const { listener, hub } = events;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // While closing, answers end their connection: an idle keep-alive socket would hold the shutdown open. Set by
  // the first preClose hook, as Fastify sets its own flag (behind its 503s): no replay is made from then on.
  let closing = false;
  replay.start({
    log: app.log,
    // Not while closing, nor while the event feed is away (no event could end a replay), nor for the API while
    // the embedded database is (plugins/database-away.ts answers 503 then).
    usable: (url) =>
      !closing &&
      listener.listening() &&
      !(database.embedded && !database.embedded.available && url.startsWith('/api/')),
  });
  app.decorateRequest('replayEntry', null);
  app.decorateRequest('replayBody', null);
  app.decorateRequest('replayEncoding', null);
  app.decorateRequest('replayChecks', null);
  app.decorateRequest('replayOff', false);
  app.addHook('onResponse', (request, reply, done) => {
    replay.remember(request, reply);
    done();
  });
  const CONFIRM_ROUTE = '/api/auth/verify-email';
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    // A change made through this instance is out of its caches before its answer leaves (its events come back
    // through LISTEN): whoever made it reads it at once. Other instances drop it as their events arrive.
    // The email confirmation link is the one GET that changes something (a navigation from the email).
    else if (
      (!SAFE_METHODS.has(request.method) || request.routeOptions.url === CONFIRM_ROUTE) &&
      reply.statusCode < 400
    )
      return void listener.sync().then(() => done(null, payload));
    done(null, payload);
  });
  // Streams never finish by themselves: end them first, so closing the server does not wait on them.
  app.addHook('preClose', async () => {
    closing = true;
    hub.closeAll();
    opened.stopCaches();
    replay.stop();
    await listener.stop();
  });
  app.addHook('onClose', async () => {
    await opened.jobRuntime.stop();
    if (opts.ownsAi) await ai.close();
    // The previews reads made are written before the pool ends (a statement or two).
    await previews.written();
    await database.close();
  });
}
