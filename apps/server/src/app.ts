import Fastify, { type FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Config } from './config/env.js';
import { openDatabase, type OpenedDatabase } from './db/open.js';
import { createJobQueue, type JobQueue } from './jobs/queue.js';
import { jobHandlers } from './jobs/handlers.js';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import { localStorage, type Storage } from './adapters/storage/storage.js';
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
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { spaPlugin } from './plugins/spa.js';
import { postsService } from './modules/posts/service.js';
import { postRoutes } from './modules/posts/routes.js';
import { moderationService } from './modules/moderation/service.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { membersService } from './modules/members/service.js';
import { memberRoutes } from './modules/members/routes.js';
import { systemLinkFetcher, type LinkFetcher } from './adapters/link-preview/link-fetcher.js';
import { linkPreviewsService } from './modules/link-previews/service.js';
import { linkPreviewRoutes } from './modules/link-previews/routes.js';
import { searchService } from './modules/search/service.js';
import { searchRoutes } from './modules/search/routes.js';
import { similarService } from './modules/similar/service.js';
import { similarRoutes } from './modules/similar/routes.js';
import { listenForSimilarDue } from './jobs/similar-wakeup.js';

export interface AppServices {
  config: Config;
  database: OpenedDatabase;
  jobs: JobQueue;
  mailer: Mailer;
  auth: Auth;
  storage: Storage;
  linkFetcher: LinkFetcher;
}

/** Outside systems a test may replace (the link fetcher with its own resolver and limits). */
export interface AppAdapters {
  linkFetcher?: LinkFetcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Builds the whole app (tests call it and use inject); main.ts only boots it. */
export async function buildApp(config: Config, adapters: AppAdapters = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.host !== '127.0.0.1',
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });

  const database = await openDatabase(config, app.log);
  const mailer = createMailer(config, app.log);
  const storage = localStorage(path.join(config.dataDir, 'uploads'));
  const linkFetcher = adapters.linkFetcher ?? systemLinkFetcher(config.linkPreviewAllow);
  const jobs = await createJobQueue(database.url, jobHandlers({ mailer, db: database.db, storage, linkFetcher }), app.log);
  const similarWakeup = config.runWorker ? await startWorkersAndWakeup(jobs, database.url, app.log) : null;

  const secret = authSecret(config.authSecret, config.dataDir);
  const auth = createAuth({
    config,
    db: database.db,
    secret,
    sendResetLink: async (email, url) => {
      await jobs.send('send-email', {
        to: email,
        subject: 'Reset your Fenestra password',
        text: `Someone asked to reset the password of your Fenestra account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
      });
    },
    onOAuthUser: (user) => createProfileForEmail(database.db, user.id, user.email),
  });

  app.decorate('services', { config, database, jobs, mailer, auth, storage, linkFetcher });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    await similarWakeup?.stop();
    await jobs.stop();
    await database.close();
  });

  await app.register(errorHandler);
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(rateLimitPlugin, { pool: database.pool });
  await app.register(sessionPlugin, { db: database.db, auth, secret });

  await app.register(healthRoutes, { pool: database.pool });
  await app.register(accountRoutes, { config, auth, accounts: accountService({ db: database.db, auth }), db: database.db });
  await app.register(uploadsRoutes, { config, uploads: uploadsService({ db: database.db, storage }) });

  const posts = postsService({ db: database.db, publicUrl: config.publicUrl });
  await app.register(postRoutes, { config, posts });
  await app.register(moderationRoutes, { moderation: moderationService({ db: database.db, posts }) });
  await app.register(searchRoutes, { posts, search: searchService({ db: database.db, posts }) });
  await app.register(similarRoutes, { posts, similar: similarService({ db: database.db, posts }) });
  await app.register(memberRoutes, { config, posts, members: membersService({ db: database.db, storage, posts, log: app.log }) });

  const linkPreviews = linkPreviewsService({ db: database.db, storage, fetcher: linkFetcher });
  await app.register(linkPreviewRoutes, { config, linkPreviews });

  if (storage.root) await app.register(mediaPlugin, { root: storage.root });
  await app.register(spaPlugin, { webDist: config.webDist, renderPost: posts.postPageHtml });
  return app;
}

async function startWorkersAndWakeup(jobs: JobQueue, url: string, log: FastifyInstance['log']) {
  await jobs.startWorkers();
  return listenForSimilarDue(url, jobs, log);
}
