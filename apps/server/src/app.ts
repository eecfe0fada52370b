import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env.js';
import { openDatabase, type OpenedDatabase } from './db/open.js';
import { createJobQueue, type JobQueue } from './jobs/queue.js';
import { jobHandlers } from './jobs/handlers.js';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import { mediaAddress, type MediaAddress, type Storage } from './adapters/storage/storage.js';
import { openStorage } from './adapters/storage/open.js';
import { mediaPlugin } from './plugins/media.js';
import { authSecret } from './lib/secret.js';
import { createAuth, type Auth } from './modules/account/auth.js';
import { accountService } from './modules/account/service.js';
import { createProfileForEmail } from './modules/account/profile-repo.js';
import { accountRoutes } from './modules/account/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { uploadsRoutes } from './modules/uploads/routes.js';
import { uploadsService } from './modules/uploads/service.js';
import { errorHandler } from './plugins/error-handler.js';
import { workGate, type WorkGate } from './lib/work-gate.js';
import { lazyChildLogger } from './lib/lazy-logger.js';
import { databaseAway } from './plugins/database-away.js';
import { securityPlugin } from './plugins/security.js';
import { textGuard } from './plugins/text-guard.js';
import { sessionPlugin } from './plugins/session.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { spaPlugin } from './plugins/spa.js';
import { postsService } from './modules/posts/service.js';
import { postRoutes } from './modules/posts/routes.js';
import { moderationService } from './modules/moderation/service.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { postActionsService } from './modules/moderation/post-actions.js';
import { moderationLogService } from './modules/moderation/log-service.js';
import { adminUsersService } from './modules/admin-users/service.js';
import { adminUserRoutes } from './modules/admin-users/routes.js';
import { analyticsService } from './modules/analytics/service.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { membersService } from './modules/members/service.js';
import { memberRoutes } from './modules/members/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { replyRoutes } from './modules/replies/routes.js';
import { repliesService } from './modules/replies/service.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe-routes.js';
import { startEventListener, type EventListener } from './realtime/listener.js';
import { streamHub, type StreamHub } from './realtime/streams.js';
import { recentEvents, type RecentEvents } from './realtime/recent-events.js';
import { visiblePostIds } from './modules/posts/repo.js';
import { findMember } from './lib/member.js';
import { activeBan } from './lib/ban.js';
import { HEARTBEAT_MS, isStaffRole } from '@fenestra/shared';
import { createPublicCache, type PublicCache } from './cache/public-cache.js';
import { createReplay, type Replay } from './cache/replay.js';

import { systemLinkFetcher, type LinkFetcher } from './adapters/link-preview/link-fetcher.js';
import { linkPreviewsService } from './modules/link-previews/service.js';
import { linkPreviewRoutes } from './modules/link-previews/routes.js';
import { searchService } from './modules/search/service.js';
import { searchRoutes } from './modules/search/routes.js';
import { similarService } from './modules/similar/service.js';
import { similarRoutes } from './modules/similar/routes.js';
import { listenForSimilarDue } from './jobs/similar-wakeup.js';
import { createAiProvider, type AiProvider } from './adapters/ai/index.js';
import { detectionService, type DetectionService } from './modules/detection/service.js';
import { detectionRoutes } from './modules/detection/routes.js';

export interface AppServices {
  config: Config;
  database: OpenedDatabase;
  jobs: JobQueue;
  mailer: Mailer;
  auth: Auth;
  storage: Storage;
  /** Where browsers fetch a stored file: MEDIA_URL's address for it, or this app's /media path. */
  media: MediaAddress;
  /** Every event from every instance (the public-read cache listens here too), and this instance's open streams. */
  events: { listener: EventListener; hub: StreamHub; recent: RecentEvents };
  /** Public reads (lists, posts, profiles, their pages), shared by every visitor; the events drop what changed. */
  publicCache: PublicCache;
  /** Search answers (decision 022); null with SEARCH_CACHE=false. */
  searchCache: PublicCache | null;
  /** Remembered cached answers, replayed in front of Fastify (decision 021). */
  replay: Replay;
  /** The clock of the stat cards, ban ends and the email job (tests fix it). */
  now: () => Date;
  linkFetcher: LinkFetcher;
  /** Password hashing and checking, bounded. */
  hashing: WorkGate;
  /** The AI provider (AI_PROVIDER) and what uses it. */
  ai: AiProvider;
  detection: DetectionService;
}

/** Outside systems a test may replace (the link fetcher with its own resolver and limits), and timings it may shorten. */
export interface AppAdapters {
  linkFetcher?: LinkFetcher;
  /** Heartbeat period of event streams (25 s). */
  heartbeatMs?: number;
  /** The clock: the email job (retries give up after 24 hours), the stat cards' trends and ban ends. */
  now?: () => Date;
  /** How soon the event listener tries again after losing its connection. */
  listenerRetryMs?: { first: number; max: number };
  /** The AI provider, instead of the one AI_PROVIDER names (tests share one loaded local provider). */
  ai?: AiProvider;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RouteEntry { method: string; url: string }

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Every route registered, in order (the authorization test walks the mutating ones). */
    routeList: RouteEntry[];
  }
}

/** Builds the whole app (tests call it and use inject); main.ts only boots it. */
export async function buildApp(config: Config, adapters: AppAdapters = {}): Promise<FastifyInstance> {
  const genReqId = () => crypto.randomUUID();
  // Cached public reads answered again in front of Fastify while what they were made from holds (decision 021).
  const replay = createReplay({ genReqId });
  const app = Fastify({
    serverFactory: replay.serverFactory,
    logger: config.logLevel === 'silent' ? false : {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    genReqId,
    // Without a logger Fastify makes no child at all.
    ...(config.logLevel === 'silent' ? {} : { childLoggerFactory: lazyChildLogger }),
    // A hop count trusts that many proxies in front of us, whatever their addresses.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });

  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });
  const now = adapters.now ?? (() => new Date());

  const database = await openDatabase(config, app.log);
  const mailer = createMailer(config, app.log);
  const storage = await openStorage(config);
  const media = mediaAddress(config.mediaUrl);
  const secret = authSecret(config.authSecret, config.dataDir);
  const linkFetcher = adapters.linkFetcher ?? systemLinkFetcher(config.linkPreviewAllow);
  const ai = adapters.ai ?? createAiProvider(config.ai);
  const jobPool = database.extraPool({ max: 4, applicationName: config.runWorker ? 'fenestra-jobs' : 'fenestra-jobs-send' });
  const jobs = await createJobQueue(jobPool, jobHandlers({
    mailer, db: database.db, storage, media, linkFetcher, publicUrl: config.publicUrl, secret, now, ai, similarVectors: config.ai.similarVectors,
  }), app.log, { works: config.runWorker, providerTimeoutSeconds: config.ai.timeoutSeconds });
  const detection = detectionService({ db: database.db, storage, ai, now });
  const similarWakeup = config.runWorker ? await startWorkersAndWakeup(jobs, () => database.url, app.log) : null;

  // Two hashes at a time (scrypt takes 32 MB and a thread each), a short queue, 503 past it.
  const hashing = workGate({ concurrency: 2, queue: 32 });
  const auth = createAuth({
    config,
    db: database.db,
    secret,
    hashing,
    onOAuthUser: (user) => createProfileForEmail(database.db, user.id, user.email),
  });

  const listener = startEventListener(() => database.url, app.log, { retryMs: adapters.listenerRetryMs });
  // Subscribed before the streams: a browser told of a change refetches after the cache has dropped it.
  const publicCache = createPublicCache(listener);
  // Search answers apart (decision 022): a crawler's many searches cannot push the home lists out.
  const searchCache = config.searchCache ? createPublicCache(listener, { maxBytes: 16 * 2 ** 20 }) : null;
  // Subscribed before the streams too: an event is in the ring before any stream's set can miss it.
  const recent = recentEvents(() => now().getTime());
  listener.subscribe({ event: (event) => recent.add(event), resumed: () => recent.listening() });
  void listener.ready.then(() => recent.listening());
  const hub = streamHub({
    recent,
    heartbeatMs: adapters.heartbeatMs ?? HEARTBEAT_MS,
    visiblePosts: (viewer, postIds) => visiblePostIds(database.db, viewer ? { id: viewer.memberId, isStaff: viewer.isStaff } : null, postIds),
    reloadViewer: async (memberId) => {
      const member = await findMember(database.db, memberId);
      return member ? { isStaff: isStaffRole(member.role), active: !(await activeBan(database.db, member)) } : null;
    },
  });
  // In arrival order: a role change re-reads the member before the events after it are judged.
  let delivering = Promise.resolve();
  listener.subscribe({
    event: (event) => {
      delivering = delivering.then(() => hub.deliver(event)).catch((err: unknown) => app.log.error({ err }, 'event delivery failed'));
    },
    resumed: () => hub.refetchAll(),
  });
  // Streams work from the first request; a listener that cannot connect yet keeps trying without holding up the start.
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([listener.ready, new Promise((resolve) => { waited = setTimeout(resolve, 5_000); })]);
  clearTimeout(waited);

  app.decorate('services', {
    config, database, jobs, mailer, auth, storage, media, hashing, linkFetcher, events: { listener, hub, recent }, publicCache, searchCache, replay, now, ai, detection,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // While closing, answers end their connection: an idle keep-alive socket would hold the shutdown open. Set as
  // close is called (Fastify's own flag, behind its 503s, is set then too), so no replay is made from then on.
  let closing = false;
  const close = app.close.bind(app);
  app.close = ((...args: Parameters<typeof close>) => {
    closing = true;
    return close(...args);
  }) as typeof app.close;
  replay.start({
    log: app.log,
    // Not while closing, nor while the event feed is away (no event could end a replay), nor for the API while
    // the embedded database is (plugins/database-away.ts answers 503 then).
    usable: (url) => !closing && listener.listening() && !(database.embedded && !database.embedded.available && url.startsWith('/api/')),
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
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    // A change made through this instance is out of its caches before its answer leaves (its events come back
    // through LISTEN): whoever made it reads it at once. Other instances drop it as their events arrive.
    else if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) return void listener.sync().then(() => done(null, payload));
    done(null, payload);
  });
  // Streams never finish by themselves: end them first, so closing the server does not wait on them.
  app.addHook('preClose', async () => {
    closing = true;
    hub.closeAll();
    publicCache.stop();
    searchCache?.stop();
    replay.stop();
    await listener.stop();
  });
  app.addHook('onClose', async () => {
    await similarWakeup?.stop();
    await jobs.stop();
    // A provider a test passed in is the test's to close.
    if (!adapters.ai) await ai.close();
    await database.close();
  });

  await app.register(errorHandler);
  await app.register(databaseAway, { embedded: database.embedded });
  await app.register(securityPlugin, { publicUrl: config.publicUrl, allowedOrigins: config.allowedOrigins, mediaUrl: config.mediaUrl });
  await app.register(textGuard);
  await app.register(rateLimitPlugin, { pool: database.pool });
  await app.register(sessionPlugin, { db: database.db, auth, secret, listener });

  await app.register(healthRoutes, { pool: database.pool });
  await app.register(accountRoutes, { config, auth, accounts: accountService({ db: database.db, auth, jobs, media }), db: database.db });
  await app.register(uploadsRoutes, { config, uploads: uploadsService({ db: database.db, storage, media }) });

  const posts = postsService({ db: database.db, publicUrl: config.publicUrl, media, cache: publicCache, detectionOn: detection.detectionOn });
  await app.register(postRoutes, { config, posts });
  const members = membersService({ db: database.db, storage, posts, media, log: app.log, cache: publicCache });
  await app.register(moderationRoutes, {
    moderation: moderationService({ db: database.db, posts }),
    postActions: postActionsService({ db: database.db, storage, log: app.log }),
    log: moderationLogService({ db: database.db }),
  });
  await app.register(searchRoutes, { posts, search: searchService({ db: database.db, posts, cache: searchCache }) });
  await app.register(similarRoutes, {
    posts, similar: similarService({ db: database.db, posts, ai, vectors: config.ai.similarVectors, log: app.log }),
  });
  await app.register(detectionRoutes, { config, detection });
  await app.register(analyticsRoutes, { analytics: analyticsService({ db: database.db }) });
  await app.register(memberRoutes, { config, posts, members });
  await app.register(adminUserRoutes, { users: adminUsersService({ db: database.db, jobs, members, media, now, log: app.log }) });

  await app.register(replyRoutes, { config, posts, replies: repliesService({ db: database.db, posts, media, cache: publicCache }) });
  await app.register(notificationRoutes, { db: database.db });
  await app.register(unsubscribeRoutes, { db: database.db, secret });
  await app.register(eventRoutes, { db: database.db, hub, secret });
  const linkPreviews = linkPreviewsService({ db: database.db, storage, fetcher: linkFetcher, media });
  await app.register(linkPreviewRoutes, { config, linkPreviews });

  await app.register(mediaPlugin, { storage });
  await app.register(spaPlugin, { webDist: config.webDist, renderPost: posts.postPageHtml, cache: publicCache });
  return app;
}

async function startWorkersAndWakeup(jobs: JobQueue, address: () => string, log: FastifyInstance['log']) {
  await jobs.startWorkers();
  return listenForSimilarDue(address, jobs, log);
}
