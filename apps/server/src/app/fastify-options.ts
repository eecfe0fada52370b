import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.js';
import { lazyChildLogger } from '../lib/lazy-logger.js';
import { OneLinePerRequest } from '../lib/request-log.js';
import type { Replay } from '../cache/replay.js';
import type { AppAdapters } from './app-services.js';

/** Fastify's own settings: the log, request ids, proxies, the body limit, and the replay's server in front. */
export function fastifyOptions(
  config: Config,
  adapters: AppAdapters,
  replay: Replay,
  genReqId: () => string,
): FastifyServerOptions & { serverFactory: Replay['serverFactory'] } {
  return {
    serverFactory: replay.serverFactory,
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(adapters.logStream ? { stream: adapters.logStream } : {}),
          },
    // One line per request (lib/request-log.ts), not Fastify's two.
    logController: new OneLinePerRequest(),
    genReqId,
    // Without a logger Fastify makes no child at all.
    ...(config.logLevel === 'silent' ? {} : { childLoggerFactory: lazyChildLogger }),
    // A hop count trusts that many proxies in front of us, whatever their addresses.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  };
}
