import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/env.js';
import { createReplay } from './cache/replay.js';
import { fastifyOptions } from './app/fastify-options.js';
import { openServices } from './app/services.js';
import type { AppAdapters, AppServices } from './app/app-services.js';
import { installLifecycle } from './app/lifecycle.js';
import { registerModules, registerPlugins } from './app/routes.js';

export type { AppAdapters, AppServices } from './app/app-services.js';

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Every route registered, in order (the authorization test walks the mutating ones). */
    routeList: RouteEntry[];
  }
}

/** Builds the whole app (tests call it and use inject); main.ts only boots it. Each step lives in src/app/. */
export async function buildApp(config: Config, adapters: AppAdapters = {}): Promise<FastifyInstance> {
  const genReqId = () => crypto.randomUUID();
  // Cached public reads answered again in front of Fastify while what they were made from holds (decision 021).
  const replay = createReplay({ genReqId });
  const app = Fastify(fastifyOptions(config, adapters, replay, genReqId));

  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });

  const opened = await openServices(config, adapters, replay, app.log);
  app.decorate('services', opened.services);
  installLifecycle(app, opened, { ownsAi: !adapters.ai });
  await registerPlugins(app, opened);
  await registerModules(app, opened);
  return app;
}
