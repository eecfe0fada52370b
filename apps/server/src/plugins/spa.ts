import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@fenestra/shared';
import { TAGS, cachedBody, sendCached, type CachedBody, type PublicCache } from '../cache/public-cache.js';
import { serverRenderer } from './server-render.js';
import { noteReplayCheck } from '../cache/replay.js';

const HTML = 'text/html; charset=utf-8';

// Serves the built web app: hashed assets cached for a year, index.html never cached, client routes fall back to it.
export const spaPlugin = fp(async (app: FastifyInstance, opts: {
  webDist: string;
  /** The shell for /post/:id with that post's meta tags, or null for the plain shell (missing or not public). */
  renderPost?: (indexHtml: string, postId: string, path: string) => Promise<string | null>;
  /** The public-read cache the post pages are kept in. */
  cache: PublicCache;
}) => {
  const indexFile = path.join(opts.webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built web app in ${opts.webDist}: run "npm run build" (npm start does it for you)`);
  }
  // Kept in memory with its compressed copies (made once, on first use), and re-read only when a new build
  // replaces it (one stat per request), so a rebuild never serves links to assets that are gone.
  let cached: { html: string; mtimeMs: number; shell: CachedBody } | null = null;
  const readIndex = () => {
    const mtimeMs = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return (cached = null);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexFile, 'utf8');
      cached = { html, mtimeMs, shell: cachedBody({ body: html, type: HTML, tags: [] }) };
    }
    return cached;
  };

  if (existsSync(opts.webDist)) await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build wrote .br and .gz beside every text file: sent as they are (with Vary), never compressed per request.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const index = readIndex();
    if (!index) return reply.status(503).type('text/plain').send(MSG.webAppNotBuilt);
    return sendCached(request, reply, index.shell);
  };

  const renderPage = serverRenderer(app, opts.webDist);

  /**
   * A server-rendered page (docs/decisions/013). `shell` is index.html as this page needs it (null: the plain
   * shell, drawn in the browser). A visitor's page is the same for every visitor: kept in the public-read cache,
   * per build and per address, under the tags of what it shows. A member's shows their own marks: made for them.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, shell: (html: string) => Promise<string | null>, tags: string[]) {
    const index = readIndex();
    if (!index) return sendIndex(request, reply);
    const { html, mtimeMs } = index;
    if (await request.member()) {
      const page = await shell(html);
      if (!page) return sendIndex(request, reply);
      const rendered = await renderPage(request, page);
      return reply.header('Cache-Control', 'private, no-cache').type(HTML).send(rendered?.html ?? page);
    }
    const entry = await opts.cache.read(`html:page:${mtimeMs}:${request.url}`, async () => {
      const page = await shell(html);
      if (!page) return null;
      const rendered = await renderPage(request, page);
      return { body: rendered?.html ?? page, etagFrom: rendered?.content, type: HTML, tags: [...tags, ...(rendered?.tags ?? [])] };
    });
    if (!entry) return sendIndex(request, reply);
    // Replayed only while it is still this build's page (decision 021): a new build is seen at once, as here.
    noteReplayCheck(request, () => statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs === mtimeMs);
    return sendCached(request, reply, entry);
  }

  app.get('/', (request, reply) => sendPage(request, reply, async (html) => html, [TAGS.lists]));
  const renderPost = opts.renderPost;
  if (renderPost) {
    app.get<{ Params: { id: string } }>('/post/:id', (request, reply) => {
      const { id } = request.params;
      // The similar questions show other posts' titles and states: any post change may drop the page.
      return sendPage(request, reply, (html) => renderPost(html, id, request.url.split('?')[0]!), [TAGS.post(id), TAGS.lists]);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ error: 'NOT_FOUND', message: MSG.notFoundApi, statusCode: 404, requestId: request.id });
    }
    // A missing asset is a 404, not the app shell.
    if (path.extname(request.url.split('?')[0] ?? '') && !request.url.startsWith('/post/')) {
      return reply.status(404).type('text/plain').send(MSG.notFoundApi);
    }
    return sendIndex(request, reply);
  });
});
