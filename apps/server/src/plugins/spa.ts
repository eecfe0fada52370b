import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@fenestra/shared';
import {
  PAGE_KEY,
  PRIVATE_ANSWER,
  TAGS,
  cachedBody,
  etagOf,
  sendCached,
  type BodyFill,
  type CachedBody,
  type PublicCache,
} from '../cache/public-cache.js';
import type { PageStore } from '../cache/page-store.js';
import { createPageDrawer, type PageDrawer, type PageDrawerOptions } from '../cache/page-drawer.js';
import { readAtMark, serverRenderer, splitAtReadAt } from './server-render.js';
import { trafficPlugin } from './traffic.js';
import { deflateHead, gzipWithRest } from '../cache/stamped-gzip.js';
import { gunzipSync } from 'node:zlib';
import {
  withHead,
  withSite,
  type SiteHead,
  type PageAnswer,
  type PageDescriber,
} from '../modules/web-presence/service.js';
import { MEDIA_PREFIX } from '../adapters/storage/storage.js';
import { noteReplayCheck } from '../cache/replay.js';

const HTML = 'text/html; charset=utf-8';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draws post pages ahead of their first visitor (decision 046); only with a page store and `drawAhead`. */
    pageDrawer?: PageDrawer;
  }
}

// Serves the built web app: hashed assets cached for a year, index.html never cached, client routes fall back to it.
export const spaPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      webDist: string;
      /** What a page's address answers: the page and its head, a redirect, or 404/410 (modules/web-presence). */
      describe?: PageDescriber;
      publicUrl?: string;
      /**
       * The site's name and icon now (its settings), once a reading after settings.changed is done: that event empties
       * the page cache, and a page made again must not carry the old name.
       */
      site?: () => Promise<SiteHead>;
      /** The public-read cache the post pages are kept in. */
      cache: PublicCache;
      /** Where a post page drawn for visitors is kept beyond that, for every instance (decision 039). */
      pageStore?: PageStore;
      /**
       * Post pages drawn ahead of their first visitor (decision 046): the drawer's database and events, and how long
       * heard changes gather first (none: only `app.pageDrawer.drain()` draws, as tests do).
       */
      drawAhead?: Pick<PageDrawerOptions, 'pool' | 'listener' | 'delayMs'>;
    },
  ) => {
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

    if (existsSync(opts.webDist))
      await app.register(fastifyStatic, {
        root: opts.webDist,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build wrote .br and .gz beside every text file: sent as they are (with Vary), never compressed per request.
        preCompressed: true,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else if (filePath.includes(`${path.sep}avatars${path.sep}`)) {
            // The preset avatars' drawings (public/avatars): on many cards, unhashed, rarely redrawn.
            res.header('Cache-Control', 'public, max-age=86400');
          } else {
            res.header('Cache-Control', 'no-cache');
          }
        },
      });

    // The plain shell as the site's settings name it (the built file while they are its own), per build and site.
    let named: { key: string; shell: CachedBody } | null = null;
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const index = readIndex();
      if (!index) return reply.status(503).type('text/plain').send(MSG.webAppNotBuilt);
      const site = await opts.site?.();
      const key = site ? `${index.mtimeMs}\n${site.name}\n${site.faviconUrl}\n${site.description}` : '';
      if (site && named?.key !== key) {
        const html = withSite(index.html, site);
        named = { key, shell: html === null ? index.shell : cachedBody({ body: html, type: HTML, tags: [] }) };
      }
      return sendCached(request, reply, site ? named!.shell : index.shell);
    };

    const renderPage = serverRenderer(app, opts.webDist);

    /** The page store's key of a post's page for this build, less the post's id (null: none is kept now). */
    function storePrefix(index: { shell: CachedBody }): string | null {
      if (!opts.pageStore) return null;
      const renderer = renderPage.build();
      // The shell's ETag is W/"<hash>".
      return renderer ? `${index.shell.etag.slice(3, -1)}.${renderer}:/post/` : null;
    }

    /**
     * The key of a post page in the page store (its build, both the shell's and the renderer's, and its post: the
     * address with its slug and without draw the same page), or null for a page not kept there: any other page, an
     * address with a query.
     */
    function storedAt(
      index: { shell: CachedBody },
      url: string,
    ): { key: string; postId: string; slugged: string | null } | null {
      const [, postId, slug] = POST_PAGE.exec(url) ?? [];
      const prefix = postId && UUID.test(postId) ? storePrefix(index) : null;
      return prefix ? { key: `${prefix}${postId}`, postId: postId!, slugged: slug ? url : null } : null;
    }

    /** index.html with the page's head (or the site's name alone when it has none). */
    async function shellFor(html: string, page: PageAnswer) {
      const site = await opts.site?.();
      if (page.kind === 'page' && page.head) return withHead(html, page.head, publicUrl, site);
      return (site && withSite(html, site)) ?? html;
    }

    /**
     * A visitor's page drawn into `html` (index.html): what the address is (`describeIt`), and for a page, the page
     * with its tags and ETag. With `stored`, the page is also kept in the page store (decision 039), with its similar
     * questions as they stood before its reads (`checks`), compressed up to its time: `kept` is that write (null when
     * nothing is kept).
     */
    async function drawForVisitor(
      request: FastifyRequest,
      html: string,
      stored: { key: string; postId: string } | null,
      describeIt: () => Promise<PageAnswer>,
    ) {
      const store = stored ? opts.pageStore! : null;
      const started = store?.begin();
      // Before the page's reads: a change to its similar questions after this makes the kept page a miss.
      const signed = store && stored ? await store.signature(stored.postId) : null;
      const checks = signed?.checks ?? null;
      const answer = await describeIt();
      if (answer.kind !== 'page') return { answer, drawn: null, kept: null };
      const page = await shellFor(html, answer);
      const rendered = answer.head ? await renderPage(request, page) : null;
      const tags = [...answer.tags, ...(rendered?.tags ?? [])];
      const etag = rendered ? etagOf(rendered.content) : undefined;
      let kept: Promise<void> | null = null;
      if (store && stored && started && rendered && etag && checks !== null && answer.head) {
        const { head, tail } = splitAtReadAt(rendered.content);
        kept = store.put(started, stored.key, {
          path: answer.head.path,
          etag,
          tags: tags.filter((tag) => !CHECKED_INSTEAD.has(tag)),
          checks,
          gzip: { head: deflateHead(head), tail },
        });
      }
      return { answer, drawn: { page, rendered, tags, etag, named: signed?.named ?? null }, kept };
    }

    /** Draws a visitor's page of the post and keeps it (the page drawer, decision 046); false when none is kept. */
    async function drawAhead(postId: string): Promise<boolean> {
      const index = readIndex();
      const url = `/post/${postId}`;
      const stored = index && describe ? storedAt(index, url) : null;
      if (!index || !stored) return false;
      // Drawn as for a visitor's request (no cookie).
      const request = { url, headers: {} } as FastifyRequest;
      const { kept } = await drawForVisitor(request, index.html, stored, () => describe!(url, '', null));
      if (!kept) return false;
      await kept;
      return true;
    }

    /**
     * A server-rendered page (docs/decisions/013). `shell` is index.html as this page needs it (null: the plain
     * shell, drawn in the browser). A visitor's page is the same for every visitor: kept in the public-read cache,
     * per build and per address, under the tags of what it shows. A member's shows their own marks: made for them.
     * `shell` also answers what the address is (decision 034): a redirect or a missing page is never cached here.
     */
    async function sendPage(
      request: FastifyRequest,
      reply: FastifyReply,
      describe: (member: Awaited<ReturnType<FastifyRequest['member']>>) => Promise<PageAnswer>,
    ) {
      const index = readIndex();
      if (!index) return sendIndex(request, reply);
      const { html, mtimeMs } = index;
      let answer: PageAnswer | null = null;
      const shell = (page: PageAnswer) => shellFor(html, page);
      const elsewhere = (page: PageAnswer | null) => {
        if (page?.kind === 'redirect') return reply.redirect(page.to, 301);
        if (page?.kind === 'missing') return sendMissing(request, reply, page.status);
        return null;
      };
      const member = await request.member();
      if (member) {
        answer = await describe(member);
        const moved = elsewhere(answer);
        if (moved) return moved;
        if (answer.kind !== 'page' || !answer.head) return sendIndex(request, reply);
        const page = await shell(answer);
        const rendered = await renderPage(request, page);
        return reply
          .header('Cache-Control', PRIVATE_ANSWER)
          .type(HTML)
          .send(rendered?.html ?? page);
      }
      const key = `${PAGE_KEY}${mtimeMs}:${request.url}`;
      const entry = await opts.cache.read(key, async (): Promise<BodyFill | null> => {
        const stored = storedAt(index, request.url);
        const store = stored ? opts.pageStore! : null;
        if (store && stored) {
          // Its stream is told of what changes after this (the stored page is current as of the drops heard now).
          const readAt = app.services.events.recent.stamp();
          const found = await store.get(stored.key, stored.postId, stored.slugged);
          if (found) {
            // Kept compressed up to the time it was read: every client taking gzip (every browser) is sent those
            // bytes and its own last few; the text is made only for one that does not.
            const rest = readAtMark(readAt) + found.gzip.tail;
            const whole = gzipWithRest(found.gzip.head, rest);
            return {
              body: () => gunzipSync(whole),
              gzip: whole,
              bytes: found.gzip.head.bytes + Buffer.byteLength(rest),
              etag: found.etag,
              type: HTML,
              // In memory, under what it shows as drawn pages are (its similar questions' tags too).
              tags: [...found.tags, ...similarTags(found.named)],
            };
          }
        }
        const drawing = await drawForVisitor(request, html, stored, () => describe(null));
        answer = drawing.answer;
        if (!drawing.drawn) return null;
        // Written beside the answer (the page store's settled() waits for it).
        void drawing.kept;
        const { page, rendered, tags, etag, named } = drawing.drawn;
        // A post page shows its similar questions: the job's similar.changed drops it from memory too (decision 040);
        // so does a change of a post they name, known when it was kept (else any post's change: the lists).
        return {
          body: rendered?.html ?? page,
          etag,
          type: HTML,
          tags: !POST_PAGE.test(request.url.split('?')[0]!)
            ? tags
            : named
              ? [...tags.filter((tag) => tag !== TAGS.lists), ...similarTags(named)]
              : [...tags, TAGS.similar],
        };
      });
      if (!entry) return elsewhere(answer) ?? sendIndex(request, reply);
      // Replayed only while it is still this build's page (decision 021): a new build is seen at once, as here.
      noteReplayCheck(request, () => statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs === mtimeMs);
      return sendCached(request, reply, entry);
    }

    /**
     * SPEC's 'Oops! Page not found' page drawn by the server, with its real status (404, or 410 for a deleted
     * question): the same page for every missing address, kept once per build for visitors; not for indexing.
     */
    async function sendMissing(request: FastifyRequest, reply: FastifyReply, status: 404 | 410) {
      const index = readIndex();
      if (!index) return reply.status(status).type('text/plain').send(MSG.notFound);
      const head = { title: 'Page not found', description: MSG.notFound, path: '/', noindex: true };
      const draw = async () => {
        const page = withHead(index.html, head, publicUrl, await opts.site?.());
        return (await renderPage(request, page, NOT_FOUND_PATH))?.html ?? page;
      };
      reply.status(status);
      if (await request.member())
        return reply
          .header('Cache-Control', PRIVATE_ANSWER)
          .type(HTML)
          .send(await draw());
      const entry = await opts.cache.read(`html:missing:${index.mtimeMs}`, async () => ({
        body: await draw(),
        type: HTML,
        tags: [],
      }));
      return sendCached(request, reply, entry!);
    }

    const describe = opts.describe;
    const publicUrl = opts.publicUrl ?? '';

    // Pages are drawn ahead only once the server has been quiet a while, so a page being drawn seldom holds up a request.
    if (!app.hasDecorator('traffic')) await app.register(trafficPlugin);
    const quietMs = opts.drawAhead?.delayMs === undefined ? 0 : QUIET_MS;
    const idle = () => app.traffic.quiet(quietMs);

    if (opts.pageStore && opts.drawAhead) {
      const store = opts.pageStore;
      const drawer = createPageDrawer({
        pool: opts.drawAhead.pool,
        listener: opts.drawAhead.listener,
        keyPrefix: () => {
          const index = readIndex();
          return index && describe ? storePrefix(index) : null;
        },
        draw: drawAhead,
        idle,
        caps: store.caps,
        delayMs: opts.drawAhead.delayMs,
        onError: (err) => app.log.warn({ err }, 'a page could not be drawn ahead'),
      });
      app.decorate('pageDrawer', drawer);
      app.addHook('onClose', async () => drawer.stop());
    }
    /** A page of the app: the describer says what it is; without one (tests of other plugins) the plain shell. */
    const page = (request: FastifyRequest, reply: FastifyReply) => {
      if (!describe) return sendIndex(request, reply);
      const [pathname = '/', search = ''] = request.url.split('?');
      return sendPage(request, reply, (member) => describe(pathname, search, member));
    };

    app.get('/', page);
    app.get('/post/:id', page);
    app.get('/post/:id/:slug', page);
    app.get('/parts/:number', page);
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api' || !['GET', 'HEAD'].includes(request.method)) {
        return reply
          .status(404)
          .send({ error: 'NOT_FOUND', message: MSG.notFoundApi, statusCode: 404, requestId: request.id });
      }
      // A missing asset or stored file is a 404, not the app shell.
      const pathname = request.url.split('?')[0] ?? '';
      if (
        pathname.startsWith(`${MEDIA_PREFIX}/`) ||
        pathname.startsWith('/assets/') ||
        (path.extname(pathname) && !/^\/(post|parts|tags|user)\//.test(pathname))
      ) {
        return reply.status(404).type('text/plain').send(MSG.notFoundApi);
      }
      return page(request, reply);
    });
  },
);

/** A post's id as the database writes it: only such a post's page is kept in the page store. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A post page's address (its query, if any, apart), its post and its slug. */
const POST_PAGE = /^\/post\/([^/?]+)(?:\/([^/?]+))?$/;

/**
 * A post page's tags that stand for its similar questions (any post's change, the similar-questions job's): a page
 * kept in the page store does not carry them, its similar questions' signature is compared instead (`checks`),
 * so a change elsewhere in the forum does not drop every kept page.
 */
const CHECKED_INSTEAD = new Set<string>([TAGS.lists, TAGS.similar]);

/**
 * What a kept post page carries in memory instead of the lists (decision 048): the similar questions' batches, and
 * each post they name (its title or state, or its leaving the public posts, changes the list).
 */
const similarTags = (named: readonly string[]) => [TAGS.similar, ...named.map(TAGS.post)];

/** How long no request must have begun before a page is drawn ahead (when drawing ahead runs on its own). */
const QUIET_MS = 100;

/** The address the not-found page is drawn at (apps/web's router shows its 404 page there). */
const NOT_FOUND_PATH = '/404';
