import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TAGS } from '../cache/public-cache.js';

/**
 * The home list and the post page drawn on the server (docs/decisions/013): the web build's renderer
 * (apps/web/dist-ssr/entry-server.js, next to webDist) renders the same components the browser hydrates, from the
 * answers of the API's own routes (asked in-process with the visitor's cookie, so the public-read cache and a
 * member's marks apply as for the browser). Without that file (an older build, tests) pages stay client-rendered.
 */

interface Read {
  key: readonly unknown[];
  path: string;
}
interface Renderer {
  serverReads(pathname: string, search: string): Read[] | null;
  render(url: string, reads: readonly Read[], answers: readonly unknown[]): Promise<{ html: string; state: string }>;
}
interface Manifest {
  [source: string]: { file: string; imports?: string[]; css?: string[] };
}

/** The lazy page module each server-rendered path shows (src/app/router.tsx's lazyPageFor). */
const lazyModuleFor = (pathname: string) =>
  /^\/post\/[^/]+(\/[^/]+)?$/.test(pathname) && !pathname.endsWith('/edit')
    ? 'src/app/routes/post.tsx'
    : /^\/parts\/[^/]+$/.test(pathname)
      ? 'src/app/routes/part.tsx'
      : pathname === '/404'
        ? 'src/app/routes/not-found.tsx'
        : null;

export interface ServerRendered {
  html: string;
  /** Cache tags: every member the page shows (an author's rename or ban drops it). */
  tags: string[];
  /** The page without the time its data was read: the same for the same content (its ETag is made from it). */
  content: string;
}

/**
 * A page's content split where the time its data was read goes: just before its last `</body>`, so a kept page can
 * be compressed once up to there (cache/stamped-gzip.ts).
 */
export function splitAtReadAt(content: string): { head: string; tail: string } {
  const at = content.lastIndexOf('</body>');
  return at < 0 ? { head: content, tail: '' } : { head: content.slice(0, at), tail: content.slice(at) };
}

/** What goes between a page's head and tail: when its data was read (or found still current), for its stream. */
export const readAtMark = (readAt: string) =>
  `<template id="fenestra-read-at" data-read-at="${readAt}"></template>\n  `;

/** `readAt` put back into a page's content. */
export function withReadAt(content: string, readAt: string): string {
  const { head, tail } = splitAtReadAt(content);
  return head + readAtMark(readAt) + tail;
}

export function serverRenderer(app: FastifyInstance, webDist: string) {
  const entryFile = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  let loaded: {
    mtimeMs: number;
    renderer: Promise<Renderer>;
    manifest: Manifest | null;
    /** The renderer's own bytes, hashed: the same build on every instance, whatever its files' times. */
    build: string;
  } | null = null;

  /** The renderer of the current build (a rebuild is picked up: the import's URL carries the file's time). */
  function current() {
    // One stat a call (it runs for every page drawn or sent from the page store).
    const mtimeMs = statSync(entryFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return null;
    if (loaded?.mtimeMs !== mtimeMs) {
      const renderer = import(`${pathToFileURL(entryFile).href}?v=${mtimeMs}`) as Promise<Renderer>;
      const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : null;
      const build = createHash('sha1').update(readFileSync(entryFile)).digest('base64url').slice(0, 16);
      loaded = { mtimeMs, renderer, manifest, build };
    }
    return loaded;
  }

  /**
   * The lazy page's stylesheets, and its code and what that imports as modules to preload with the app's own after the
   * first paint (see afterPaint).
   */
  function preloads(manifest: Manifest | null, pathname: string, shell: string): string {
    const source = lazyModuleFor(pathname);
    if (!manifest || !source || !manifest[source]) return '';
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(source);
    const links = [
      ...[...css]
        .filter((f) => !shell.includes(`/${f}"`))
        .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      ...[...files]
        .filter((f) => !shell.includes(`/${f}"`))
        .map((f) => `<link data-after-paint="modulepreload" href="/${f}">`),
    ];
    return links.join('\n    ');
  }

  const ask = (request: FastifyRequest, path: string) => {
    const cookie = request.headers.cookie;
    return app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
  };
  /**
   * The page at the request's URL (or at `at`: the not-found page for any missing address) drawn into `shell`
   * (index.html with the page's head), or null.
   */
  async function renderPage(request: FastifyRequest, shell: string, at?: string): Promise<ServerRendered | null> {
    const build = current();
    if (!build) return null;
    const url = at ?? request.url;
    const [pathname = '/', query = ''] = url.split('?');
    const renderer = await build.renderer;
    const reads = renderer.serverReads(pathname, query);
    if (!reads) return null;
    // Before the reads (some come from the public-read cache, right as of now): the stream opened by the page tells
    // it whether anything it shows changed after this (modules/events, `since`).
    const readAt = app.services.events.recent.stamp();
    const answers = await Promise.all(reads.map((read) => ask(request, read.path)));
    // A post this visitor may not see, a database away: the browser draws the page and says what happened.
    if (answers.some((answer) => answer.statusCode !== 200)) return null;
    const bodies = answers.map((answer) => answer.json() as unknown);
    const { html, state } = await renderer.render(url, reads, bodies);
    const head = preloads(build.manifest, pathname, shell);
    const page = afterPaint(shell)
      // Drawn at another address (the not-found page): the browser shows that page at the address it asked for.
      .replace('<div id="root"></div>', () => `<div id="root"${at ? ` data-drawn-at="${at}"` : ''}>${html}</div>`)
      .replace('</body>', () => `  ${DATA_TAG}>${state}</script>\n  </body>`)
      .replace('</head>', () => (head ? `    ${head}\n  </head>` : '</head>'));
    // The tag is found once: the drawn HTML and the JSON escape the quotes it is written with.
    return {
      html: withReadAt(page, readAt),
      content: page,
      tags: [...membersShown(bodies)].map(TAGS.member),
    };
  }

  return Object.assign(renderPage, {
    /** The current build of the renderer (null without one). */
    build: () => current()?.build ?? null,
  });
}

/** The inlined data's tag. */
const DATA_TAG = '<script type="application/json" id="fenestra-data"';

/**
 * The page is painted from the server's HTML and the app only hydrates it, so its code is fetched after the first
 * paint (docs/decisions/017): index.html's module script and preloads become inert links that public/boot.js turns
 * back into a module script and preloads once the page has painted.
 */
function afterPaint(shell: string): string {
  return shell
    .replace(
      /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g,
      (_, src: string) => `<link data-after-paint="module" href="${src}">`,
    )
    .replace(
      /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g,
      (_, href: string) => `<link data-after-paint="modulepreload" href="${href}">`,
    )
    .replace('<script src="/boot.js">', '<script src="/boot.js" data-app-after-paint>');
}

/** Every member id an answer shows: authors of posts and replies, the people mentioned. */
function membersShown(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) membersShown(item, found);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const author = record.author as { id?: unknown } | undefined;
    if (typeof author?.id === 'string') found.add(author.id);
    if (typeof record.userId === 'string') found.add(record.userId);
    for (const item of Object.values(record)) if (item && typeof item === 'object') membersShown(item, found);
  }
  return found;
}
