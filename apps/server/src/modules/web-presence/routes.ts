import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, tagCountsSchema } from '@fenestra/shared';
import { answers } from '../../lib/route-contract.js';
import { sendAnswer, sendCached, type CachedBody } from '../../cache/public-cache.js';
import type { WebPresenceService } from './service.js';

const notFoundText = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').send(MSG.notFoundApi);

// robots.txt, the sitemaps, the feeds and the tag counts (decision 034).
export async function webPresenceRoutes(plainApp: FastifyInstance, opts: { web: WebPresenceService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { web } = opts;
  const send = (request: FastifyRequest, reply: FastifyReply, body: CachedBody | null) =>
    body ? sendCached(request, reply, body) : notFoundText(reply);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(web.robots()),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    send(request, reply, await web.sitemapIndex()),
  );

  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const match = /^(.+)\.xml$/.exec(request.params.file);
    return send(request, reply, match ? await web.sitemapPage(match[1]!) : null);
  });

  const feed = async (request: FastifyRequest, reply: FastifyReply, kind: string, file: string) => {
    const match = /^(.+)\.(rss|atom)$/.exec(file);
    if (!match) return notFoundText(reply);
    const [, name, format] = match as unknown as [string, string, 'rss' | 'atom'];
    return send(request, reply, await web.feed(kind, kind === 'latest' ? null : name, format));
  };
  app.get<{ Params: { file: string } }>('/feeds/:file', { schema: { hide: true } }, async (request, reply) =>
    /^latest\.(rss|atom)$/.test(request.params.file)
      ? feed(request, reply, 'latest', request.params.file)
      : notFoundText(reply),
  );
  app.get<{ Params: { kind: string; file: string } }>(
    '/feeds/:kind/:file',
    { schema: { hide: true } },
    async (request, reply) => feed(request, reply, request.params.kind, request.params.file),
  );

  app.get(
    '/api/tags',
    {
      schema: {
        summary: 'Every tag on public questions with how many use it, most used first',
        response: answers({ 200: tagCountsSchema }),
      },
    },
    async (request, reply) => sendAnswer(request, reply, await web.tagCounts()),
  );
}
