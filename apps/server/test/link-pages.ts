import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  createLinkFetcher,
  PAGE_LIMITS,
  IMAGE_LIMITS,
  type LinkFetcher,
} from '../src/adapters/link-preview/link-fetcher.js';
import type { ResolveHost } from '../src/adapters/link-preview/guarded-fetch.js';

/**
 * A small web site on loopback for link previews, and the fetcher tests use with it: its resolver
 * answers only for the names below (never the internet), its allow-list holds only this site, and every
 * connection the fetcher makes is recorded, so a test can prove no packet went anywhere else.
 */
export interface LinkPages {
  /** `http://pages.test:PORT`: the allow-listed name of this site. */
  origin: string;
  port: number;
  fetcher: LinkFetcher;
  /** Every address:port the fetcher connected to, in order. */
  connections: string[];
  /** Every name the fetcher looked up, in order. */
  lookups: string[];
  /** How many requests each path received. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** Names the test resolver knows; anything else does not resolve. */
export const TEST_NAMES: Record<string, string[]> = {
  'pages.test': ['127.0.0.1'],
  'slow.test': ['127.0.0.1'],
  'loopback.test': ['127.0.0.1'],
  'internal.test': ['10.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['93.184.216.34', '10.0.0.1'],
  'public.test': ['93.184.216.34'],
};

/** Links the guard refuses before sending a single packet, each with what it is. */
export const REFUSED_LINKS: [what: string, link: string][] = [
  ['loopback', 'http://127.0.0.1/'],
  ['the unspecified address', 'http://0.0.0.0/'],
  ['a private address', 'http://10.0.0.1/'],
  ['carrier-grade NAT', 'http://100.64.0.1/'],
  ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
  ['IPv6 loopback', 'http://[::1]/'],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
  ['unique-local IPv6', 'http://[fc00::1]/'],
  ['NAT64 loopback', 'http://[64:ff9b::7f00:1]/'],
  ['6to4 loopback', 'http://[2002:7f00:1::]/'],
  ['loopback spelt as a decimal number', 'http://2130706433/'],
  ['loopback spelt in hex', 'http://0x7f000001/'],
  ['loopback spelt in octal', 'http://017700000001/'],
  ['a name that resolves to loopback', 'http://loopback.test/'],
  ['a name that resolves to one public and one private address', 'http://mixed.test/'],
  ['a name that resolves to the metadata address', 'https://metadata.test/'],
  ['a name that does not resolve', 'http://nowhere.test/'],
  ['port 22', 'http://public.test:22/'],
  ['a file: URL', 'file:///etc/passwd'],
  ['a gopher: URL', 'gopher://public.test/1'],
  ['credentials in the URL', 'http://admin:secret@public.test/'],
  ['not a URL at all', 'hinge catalogue'],
];

const html = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

export async function startLinkPages(opts: { slowTimeLimitMs?: number } = {}): Promise<LinkPages> {
  const picture = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );
  const hits = new Map<string, number>();
  let port = 0;

  const routes: Record<string, (res: http.ServerResponse) => void> = {
    '/hinge': (res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        html(
          `<title>Fallback title</title>
        <meta property="og:title" content="Casement hinge, stainless">
        <meta property="og:description" content="A 4-hole friction hinge for casement windows.">
        <meta property="og:image" content="/hinge.png">`,
          '<img src="/other.png">',
        ),
      );
    },
    '/plain': (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        html('<title>  Screen door rollers  </title><meta name="description" content="Rollers for sliding screens.">'),
      );
    },
    '/untitled': (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html('', '<p>No title here</p>'));
    },
    '/svg-card': (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        html('<meta property="og:title" content="Drawn hinge"><meta property="og:image" content="/drawing.svg">'),
      );
    },
    '/private-picture': (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        html(
          '<meta property="og:title" content="Hinge with a sneaky picture"><meta property="og:image" content="http://169.254.169.254/latest/meta-data/">',
        ),
      );
    },
    '/hinge.png': (res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length });
      res.end(picture);
    },
    '/drawing.svg': (res) => {
      res.writeHead(200, { 'content-type': 'image/png' }); // lies about its type: the bytes decide
      res.end(svg);
    },
    '/json': (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"title":"not a page"}');
    },
    '/to-hinge': (res) => {
      res.writeHead(302, { location: '/hinge' });
      res.end();
    },
    '/to-metadata': (res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    },
    '/to-internal-name': (res) => {
      res.writeHead(301, { location: 'http://internal.test/admin' });
      res.end();
    },
    '/to-loopback-port': (res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${port}/hinge` });
      res.end();
    },
    '/to-file': (res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    },
    '/hop1': (res) => {
      res.writeHead(302, { location: '/hop2' });
      res.end();
    },
    '/hop2': (res) => {
      res.writeHead(302, { location: '/hop3' });
      res.end();
    },
    '/hop3': (res) => {
      res.writeHead(302, { location: '/hop4' });
      res.end();
    },
    '/hop4': (res) => {
      res.writeHead(302, { location: '/hinge' });
      res.end();
    },
    '/three-megabytes': (res) => {
      // Chunked, no Content-Length: the fetcher must stop reading by itself.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(`<html><head><title>Huge</title></head><body>`);
      const block = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 48; i++) res.write(block);
      res.end('</body></html>');
    },
    '/declared-huge': (res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(3 * 1024 * 1024) });
      res.write('<html><head><title>Huge</title>');
    },
    '/never-finishes': (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Still loading');
    },
  };

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) route(res);
    else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end(html('<title>Not found</title>'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  const connections: string[] = [];
  const lookups: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    lookups.push(hostname);
    // A rebinding name: loopback first, then another loopback address where nothing listens.
    if (hostname === 'rebind.test')
      return [lookups.filter((h) => h === hostname).length === 1 ? '127.0.0.1' : '127.0.0.2'];
    const addresses = TEST_NAMES[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  const guard = (...allow: string[]) => ({
    resolve,
    allow: new Set(allow),
    onConnect: (address: string, to: number) => connections.push(`${address}:${to}`),
  });
  const normal = createLinkFetcher(guard(`pages.test:${port}`, `rebind.test:${port}`));
  // slow.test is the same site behind a short time limit, so 'a page that never finishes' ends at once.
  const slowLimits = { ...PAGE_LIMITS, timeLimitMs: opts.slowTimeLimitMs ?? 150 };
  const slow = createLinkFetcher(guard(`slow.test:${port}`), { page: slowLimits, image: IMAGE_LIMITS });
  const fetcher: LinkFetcher = {
    page: (link) => (URL.canParse(link) && new URL(link).hostname === 'slow.test' ? slow : normal).page(link),
    picture: (link) => normal.picture(link),
  };

  return {
    origin: `http://pages.test:${port}`,
    port,
    fetcher,
    connections,
    lookups,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
