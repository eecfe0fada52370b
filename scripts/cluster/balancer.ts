// A small load balancer for `npm run cluster` (decision 014): round robin over the API instances, with
// what a fleet needs from nginx and no more. Request bodies are read first (as nginx buffers them), so a
// request that could not reach an instance (connection refused: nothing was sent) goes to the next one,
// whatever its method; a GET or HEAD also goes to the next one when its instance fails mid-way. An instance
// that refuses is taken out at once and put back when its /api/health answers 200 again.
import http from 'node:http';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

export interface Upstream {
  name: string;
  url: string;
}
export interface BalancerStats {
  /** Requests answered 502 because their instance failed while they were in flight. */
  failed: number;
  /** Requests sent again to another instance after theirs refused or failed before answering. */
  retried: number;
  perUpstream: Record<string, number>;
  /** Requests each instance is answering right now (event streams not counted). */
  active: Record<string, number>;
  /** Requests an instance received and never answered whole (it died with them): retried when safe, failed otherwise. */
  cut: Record<string, number>;
}

const MAX_BODY = 128 * 1024 * 1024;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function startBalancer(opts: {
  port: number;
  upstreams: Upstream[];
  healthEveryMs?: number;
  log?: (line: string) => void;
}) {
  const log = opts.log ?? (() => {});
  // One connection per request: after an instance dies, no pooled socket to it is ever reused.
  const proxy = createProxyServer({ xfwd: true, agent: new http.Agent({ keepAlive: false }) });
  // An instance that dies mid-answer (an event stream, say) leaves its answer unfinished: end it for the
  // client too, or its stream would wait forever instead of reconnecting.
  proxy.on('proxyRes', (proxyRes, _req, res) => {
    proxyRes.on('close', () => {
      if (!proxyRes.complete && !res.writableEnded) res.destroy();
    });
  });
  const state = opts.upstreams.map((u) => ({ ...u, up: true }));
  const stats: BalancerStats = {
    failed: 0,
    retried: 0,
    perUpstream: Object.fromEntries(opts.upstreams.map((u) => [u.name, 0])),
    active: Object.fromEntries(opts.upstreams.map((u) => [u.name, 0])),
    cut: Object.fromEntries(opts.upstreams.map((u) => [u.name, 0])),
  };
  let turn = 0;

  const markDown = (u: (typeof state)[number], why: string) => {
    if (!u.up) return;
    u.up = false;
    log(`balancer: ${u.name} out (${why})`);
  };
  const pick = (tried: Set<string>) => {
    for (let i = 0; i < state.length; i++) {
      const u = state[(turn + i) % state.length]!;
      if (u.up && !tried.has(u.name)) {
        turn = (turn + i + 1) % state.length;
        return u;
      }
    }
    return null;
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy(new Error('body too large'));
        else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

  const server = http.createServer(async (req, res) => {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      res.writeHead(413).end();
      return;
    }
    const tried = new Set<string>();
    const isStream = req.url?.startsWith('/api/events') ?? false;
    let current: string | null = null;
    const release = () => {
      if (current && !isStream) stats.active[current]!--;
      current = null;
    };
    res.on('close', release);
    const attempt = () => {
      release();
      const upstream = pick(tried);
      if (!upstream) {
        stats.failed++;
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'retry-after': '1' });
        res.end('No API instance is answering.');
        return;
      }
      tried.add(upstream.name);
      stats.perUpstream[upstream.name]!++;
      current = upstream.name;
      if (!isStream) stats.active[current]!++;
      proxy.web(req, res, { target: upstream.url, buffer: Readable.from([body]) }, (err) => {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ECONNREFUSED') markDown(upstream, code);
        else if (!isStream) stats.cut[upstream.name]!++;
        // The client left (a closed event stream): nothing to answer.
        if (res.destroyed || res.socket?.destroyed) return;
        // Cut mid-answer: the client sees the answer end (an event stream reconnects, to another instance).
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // Refused: the instance never saw the request. A read that failed mid-way is safe to ask again.
        if (code === 'ECONNREFUSED' || IDEMPOTENT.has(req.method ?? '')) {
          stats.retried++;
          attempt();
          return;
        }
        stats.failed++;
        res.writeHead(502, { 'content-type': 'text/plain' }).end('The API instance failed during the request.');
      });
    };
    attempt();
  });
  // Event streams stay open for as long as the browser keeps them.
  server.requestTimeout = 0;
  server.headersTimeout = 30_000;

  const health = setInterval(() => {
    for (const u of state) {
      if (u.up) continue;
      const check = http.get(`${u.url}/api/health`, { agent: false, timeout: 1_000 }, (r) => {
        r.resume();
        if (r.statusCode === 200 && !u.up) {
          u.up = true;
          log(`balancer: ${u.name} back`);
        }
      });
      check.on('error', () => {});
      check.on('timeout', () => check.destroy());
    }
  }, opts.healthEveryMs ?? 1_000);

  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    stats,
    upstreams: () => state.map(({ name, up }) => ({ name, up })),
    async close() {
      clearInterval(health);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
    },
  };
}
