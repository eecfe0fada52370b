import type { FastifyInstance } from 'fastify';
import { trustRulesOf } from '@fenestra/shared';
import { mediaPlugin } from '../plugins/media.js';
import { errorHandler } from '../plugins/error-handler.js';
import { databaseAway } from '../plugins/database-away.js';
import { securityPlugin } from '../plugins/security.js';
import { textGuard } from '../plugins/text-guard.js';
import { sessionPlugin } from '../plugins/session.js';
import { rateLimitPlugin } from '../plugins/rate-limit.js';
import { apiContract } from '../plugins/api-contract.js';
import { spaPlugin } from '../plugins/spa.js';
import { trafficPlugin } from '../plugins/traffic.js';
import { metricsPlugin } from '../plugins/metrics.js';
import { accountService } from '../modules/account/service.js';
import { accountRoutes } from '../modules/account/routes.js';
import { healthRoutes } from '../modules/health/routes.js';
import { uploadsRoutes } from '../modules/uploads/routes.js';
import { uploadsService } from '../modules/uploads/service.js';
import { postsService } from '../modules/posts/service.js';
import { postRoutes } from '../modules/posts/routes.js';
import { moderationService } from '../modules/moderation/service.js';
import { moderationRoutes } from '../modules/moderation/routes.js';
import { postActionsService } from '../modules/moderation/post-actions.js';
import { moderationLogService } from '../modules/moderation/log-service.js';
import { adminUsersService } from '../modules/admin-users/service.js';
import { adminUserRoutes } from '../modules/admin-users/routes.js';
import { analyticsService } from '../modules/analytics/service.js';
import { analyticsRoutes } from '../modules/analytics/routes.js';
import { membersService } from '../modules/members/service.js';
import { memberRoutes } from '../modules/members/routes.js';
import { eventRoutes } from '../modules/events/routes.js';
import { replyRoutes } from '../modules/replies/routes.js';
import { repliesService } from '../modules/replies/service.js';
import { notificationRoutes } from '../modules/notifications/routes.js';
import { unsubscribeRoutes } from '../modules/notifications/unsubscribe-routes.js';
import { linkPreviewsService } from '../modules/link-previews/service.js';
import { linkPreviewRoutes } from '../modules/link-previews/routes.js';
import { searchService } from '../modules/search/service.js';
import { searchRoutes } from '../modules/search/routes.js';
import { similarService } from '../modules/similar/service.js';
import { similarRoutes } from '../modules/similar/routes.js';
import { detectionRoutes } from '../modules/detection/routes.js';
import { editingService } from '../modules/editing/service.js';
import { editingRoutes } from '../modules/editing/routes.js';
import { answersService } from '../modules/answers/service.js';
import { answerRoutes } from '../modules/answers/routes.js';
import { draftsService } from '../modules/drafts/service.js';
import { draftRoutes } from '../modules/drafts/routes.js';
import { formattingRoutes } from '../modules/formatting/routes.js';
import { mentionRoutes } from '../modules/mentions/routes.js';
import { flagsService } from '../modules/flags/service.js';
import { communitySwitches } from '../config/community.js';
import { flagRoutes } from '../modules/flags/routes.js';
import { readingService } from '../modules/reading/service.js';
import { readingRoutes } from '../modules/reading/routes.js';
import { pushService } from '../modules/push/service.js';
import { pushRoutes } from '../modules/push/routes.js';
import { partsService } from '../modules/parts/service.js';
import { partRoutes } from '../modules/parts/routes.js';
import { webPresenceService } from '../modules/web-presence/service.js';
import { webPresenceRoutes } from '../modules/web-presence/routes.js';
import { siteManifest, siteSettingsRoutes } from '../modules/site-settings/routes.js';
import type { OpenedServices } from './app-services.js';

/** What every request passes through before its route: errors, the database's absence, security, sessions. */
export async function registerPlugins(app: FastifyInstance, { services, secret }: OpenedServices): Promise<void> {
  const { config, database, auth, events } = services;
  await app.register(errorHandler);
  await app.register(trafficPlugin);
  await app.register(databaseAway, { embedded: database.embedded });
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    allowedOrigins: config.allowedOrigins,
    mediaUrl: config.mediaUrl,
  });
  await app.register(textGuard);
  await app.register(rateLimitPlugin, { pool: database.pool });
  await app.register(sessionPlugin, { db: database.db, auth, secret, listener: events.listener });
  // Before the routes: the contracts' compilers and the OpenAPI document's collection (decision 024).
  // Before the routes, so every route's answers are counted (off unless METRICS_TOKEN is set).
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    pool: database.pool,
    publicCache: services.publicCache,
    searchCache: services.searchCache,
    replay: services.replay,
    hub: events.hub,
  });
  await app.register(apiContract, { production: config.env === 'production' });
}

/** Each module's service, built from what it uses, and its routes; then the media files and the web app. */
/** How long changes to post pages gather before the pages are drawn again ahead of their visitors. */
const PAGES_DRAWN_AFTER_MS = 2_000;

export async function registerModules(app: FastifyInstance, { services, secret }: OpenedServices): Promise<void> {
  const { config, database, auth, jobs, storage, media, publicCache, searchCache, now, ai, detection } = services;
  const db = database.db;
  await app.register(healthRoutes, { pool: database.pool, jobsRunning: () => jobs.running() });
  await app.register(accountRoutes, {
    config,
    auth,
    accounts: accountService({
      db,
      auth,
      jobs,
      media,
      switches: communitySwitches(services.settings),
      origin: config.allowedOrigins[0],
    }),
    db,
  });
  await app.register(uploadsRoutes, { config, uploads: uploadsService({ db, storage, media }) });

  const posts = postsService({
    db,
    publicUrl: config.publicUrl,
    media,
    cache: publicCache,
    detectionOn: detection.detectionOn,
    switches: communitySwitches(services.settings),
    previews: services.previews,
  });
  await app.register(postRoutes, { config, posts });
  const members = membersService({ db, storage, posts, media, log: app.log, cache: publicCache });
  await app.register(moderationRoutes, {
    moderation: moderationService({ db, posts }),
    postActions: postActionsService({ db, storage, log: app.log }),
    log: moderationLogService({ db }),
  });
  await app.register(searchRoutes, { posts, search: searchService({ db, posts, cache: searchCache }) });
  const similar = similarService({
    db,
    posts,
    ai,
    vectors: config.ai.similarVectors,
    log: app.log,
    cache: publicCache,
  });
  await app.register(similarRoutes, { posts, similar });
  await app.register(detectionRoutes, { config, detection });
  await app.register(analyticsRoutes, { analytics: analyticsService({ db }) });
  await app.register(memberRoutes, { config, posts, members });
  const users = adminUsersService({
    db,
    jobs,
    members,
    media,
    now,
    log: app.log,
    siteName: () => services.settings.current().siteName,
    trustRules: () => trustRulesOf(services.settings.current()),
  });
  await app.register(adminUserRoutes, { users });

  await app.register(replyRoutes, {
    config,
    posts,
    replies: repliesService({ db, posts, media, cache: publicCache, detectionOn: detection.detectionOn, now }),
  });
  const postActions = postActionsService({ db, storage, log: app.log });
  await app.register(flagRoutes, {
    config,
    flags: flagsService({
      db,
      now,
      hideThreshold: () => services.settings.current().flagHideThreshold,
      flagWeights: () => trustRulesOf(services.settings.current()).flagWeight,
      staff: {
        deletePost: (actor, id) => postActions.deletePost(actor, id),
        deleteReply: (actor, id) => postActions.deleteReply(actor, id),
        ban: (actor, userId, input) => users.ban(actor, userId, input),
      },
    }),
  });
  await app.register(editingRoutes, {
    posts,
    editing: editingService({ db, posts, storage, media, log: app.log, detectionOn: detection.detectionOn, now }),
  });
  await app.register(answerRoutes, { answers: answersService({ db }) });
  await app.register(draftRoutes, { drafts: draftsService({ db, posts, now }) });
  await app.register(formattingRoutes, { db });
  await app.register(mentionRoutes, { db, media });
  await app.register(notificationRoutes, { db });
  await app.register(readingRoutes, { reading: readingService({ db, posts, now }) });
  await app.register(pushRoutes, {
    push: pushService({ db, sender: services.pushSender, allow: config.push.endpointAllow }),
  });
  await app.register(unsubscribeRoutes, {
    db,
    secret,
    siteName: async () => (await services.settings.settled()).siteName,
  });
  await app.register(eventRoutes, { db, hub: services.events.hub, secret });
  const linkPreviews = linkPreviewsService({ db, storage, fetcher: services.linkFetcher, media });
  await app.register(linkPreviewRoutes, { config, linkPreviews });

  const parts = partsService({ db, media, cache: publicCache });
  await app.register(partRoutes, { parts });
  const web = webPresenceService({
    db,
    parts,
    media,
    cache: publicCache,
    publicUrl: config.publicUrl,
    sitemapPageSize: config.sitemapPageSize,
    site: async () => {
      const { siteName, siteDescription } = await services.settings.settled();
      return { name: siteName, description: siteDescription };
    },
  });
  await app.register(webPresenceRoutes, { web });

  await app.register(siteSettingsRoutes, { settings: services.settings });
  await app.register(siteManifest, { settings: services.settings, webDist: config.webDist });
  await app.register(mediaPlugin, { storage });
  await app.register(spaPlugin, {
    webDist: config.webDist,
    site: async () => {
      const site = await services.settings.settled();
      return { name: site.siteName, faviconUrl: site.faviconUrl, description: site.siteDescription };
    },
    describe: web.describe,
    publicUrl: config.publicUrl,
    cache: publicCache,
    pageStore: services.pageStore,
    drawAhead: {
      pool: database.pool,
      listener: services.events.listener,
      // Changes gather this long before their pages are drawn again (a burst of likes draws a page once).
      delayMs: config.drawPagesAhead ? PAGES_DRAWN_AFTER_MS : undefined,
    },
  });
}
