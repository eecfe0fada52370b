import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { logRequest, logsRequests } from '../lib/request-log.js';

/**
 * Replay (docs/decisions/021): a GET Fastify answered with bytes of the public-read cache is remembered with the
 * exact headers it was sent with, and the same request (same address, Accept-Encoding, Cookie and If-None-Match)
 * is answered again with them, in front of Fastify, for as long as everything the answer was made from is still
 * the very object it was made from: the cache entry sent (and the member's own version of it), the member's cached
 * session (still fresh by the session plugin's own rule) and whatever else the route noted. An event that drops
 * any of them, on any instance, ends the replay at once, exactly as it drops the cache. Anything else goes to
 * Fastify untouched.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The cached answer sent (sendCached), whose liveness the replay checks; null when none was. */
    replayEntry: ReplayableBody | null;
    /** The bytes sendCached passed to Fastify (null for a 304) and their Content-Encoding (null for none). */
    replayBody: Buffer | null;
    replayEncoding: string | null;
    /** Further things the answer was made from (the member's session, the build): each must still hold. */
    replayChecks: Array<() => boolean> | null;
    /** Set when the answer depended on something no check covers (a session refreshed): never replayed. */
    replayOff: boolean;
  }
}

/** What sendCached sends: a body that knows whether it is still the live entry of its cache. */
export interface ReplayableBody {
  /** True while this very object is still in its cache (not dropped, not expired, not replaced). */
  live(): boolean;
}

/** Notes something else the answer was made from; the replay is made only while `check` answers true. */
export function noteReplayCheck(request: FastifyRequest, check: () => boolean): void {
  (request.replayChecks ??= []).push(check);
}

interface Remembered {
  status: number;
  /** The answer's headers as Fastify sent them, flat ([name, value, ...]); `idAt` holds the request id's value. */
  headers: string[];
  idAt: number;
  body: Buffer;
  entry: ReplayableBody;
  checks: Array<() => boolean> | null;
  size: number;
}

export interface ReplayOptions {
  /** Fastify's genReqId: a replayed answer's x-request-id is made as Fastify makes it. */
  genReqId: () => string;
  maxEntries?: number;
  maxBytes?: number;
}

/** What the replay learns once the app exists (the server is made before it). */
export interface ReplayContext {
  log: FastifyBaseLogger;
  /** False while the answer must come from Fastify whatever is remembered (closing, the event feed away, ...). */
  usable: (url: string) => boolean;
}

/** Per-request headers Fastify sets that are not the answer's (the request id is written fresh). */
const ID_HEADER = 'x-request-id';
const SWEEP_MS = 10_000;

export interface Replay {
  /** Fastify's serverFactory: a plain HTTP server whose requests go through the replay first. */
  serverFactory(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: FastifyServerOptions,
  ): http.Server;
  /** Begins remembering (nothing is before). */
  start(context: ReplayContext): void;
  /** Fastify's onResponse: remembers a replayable answer. */
  remember(request: FastifyRequest, reply: FastifyReply): void;
  /** replayed: answers sent again; passed: requests it handed on to Fastify. */
  readonly stats: { entries: number; bytes: number; replayed: number; passed: number };
  stop(): void;
}

const keyOf = (req: IncomingMessage) => {
  const h = req.headers;
  return `${req.url}\n${h['accept-encoding'] ?? ''}\n${h['if-none-match'] ?? ''}\n${h.cookie ?? ''}`;
};

export function createReplay(opts: ReplayOptions): Replay {
  // Bounded as the public cache is (its memory counts toward the server's 300 MB): the bodies are mostly the cache's
  // own buffers, counted again here all the same.
  const maxEntries = opts.maxEntries ?? 10_000;
  const maxBytes = opts.maxBytes ?? 16 * 2 ** 20;
  const records = new Map<string, Remembered>();
  let bytes = 0;
  let replayed = 0;
  let passed = 0;
  let context: ReplayContext | null = null;
  const drop = (key: string, record: Remembered) => {
    records.delete(key);
    bytes -= record.size;
  };
  const holds = (record: Remembered) => record.entry.live() && (record.checks?.every((check) => check()) ?? true);
  // Records of dropped entries go within a cache lifetime even when nobody asks for them again.
  const sweep = setInterval(() => {
    for (const [key, record] of records) if (!record.entry.live()) drop(key, record);
  }, SWEEP_MS);
  sweep.unref();

  /** Answers `req` from a record, or returns false for Fastify to answer. */
  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || records.size === 0) return false;
    // A GET with a body is Fastify's to judge.
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
    const key = keyOf(req);
    const record = records.get(key);
    if (!record || !context!.usable(req.url!)) return false;
    if (!holds(record)) {
      drop(key, record);
      return false;
    }
    replayed++;
    const id = opts.genReqId();
    const headers = record.headers.slice();
    headers[record.idAt] = id;
    if (logsRequests(context!.log)) logged(req, res, id, record.status);
    res.writeHead(record.status, headers);
    res.end(record.body);
    return true;
  }

  /** The request's one log line (lib/request-log.ts), written when the answer ends. */
  function logged(req: IncomingMessage, res: ServerResponse, reqId: string, statusCode: number) {
    const log = context!.log;
    const started = performance.now();
    res.once('finish', () =>
      logRequest(log, {
        reqId,
        method: req.method,
        url: req.url,
        ip: req.socket.remoteAddress,
        statusCode,
        responseTime: performance.now() - started,
        replayed: true,
      }),
    );
  }

  return {
    serverFactory(handler, options) {
      // What Fastify does with its own server (lib/server.js), for this one.
      const server = http.createServer((options as { http?: http.ServerOptions }).http ?? {}, (req, res) => {
        let served = false;
        try {
          served = serve(req, res);
        } catch (err) {
          context?.log.error({ err }, 'replay failed: answered by Fastify');
        }
        if (!served && !res.headersSent) {
          passed++;
          handler(req, res);
        }
      });
      if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },

    start(given) {
      context = given;
    },

    remember(request, reply) {
      const entry = request.replayEntry;
      const raw = request.raw;
      if (!entry || !context || request.replayOff || raw.method !== 'GET' || !context.usable(raw.url!)) return;
      const status = reply.statusCode;
      if (status !== 200 && status !== 304) return;
      const sent = reply.getHeaders();
      if (
        sent['set-cookie'] !== undefined ||
        raw.headers['content-length'] !== undefined ||
        raw.headers['transfer-encoding'] !== undefined
      )
        return;
      const record: Remembered = {
        status,
        headers: [],
        idAt: -1,
        body: Buffer.alloc(0),
        entry,
        checks: request.replayChecks,
        size: 0,
      };
      for (const [name, value] of Object.entries(sent)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) {
          record.headers.push(name, String(one));
          if (name === ID_HEADER) record.idAt = record.headers.length - 1;
        }
      }
      // Only an answer whose body went out as sendCached gave it (no onSend hook changed it: the compress plugin
      // deflating what we do not keep compressed, say) is remembered: its encoding and length say so.
      const body = request.replayBody;
      if (status === 200) {
        if (
          !body ||
          String(sent['content-length']) !== String(body.length) ||
          (sent['content-encoding'] ?? null) !== request.replayEncoding
        )
          return;
        record.body = body;
      } else if (sent['content-encoding'] !== undefined) return;
      if (record.idAt < 0 || !holds(record)) return;
      const key = keyOf(raw);
      record.size = key.length + record.body.length + record.headers.reduce((n, s) => n + s.length, 0) + 200;
      const old = records.get(key);
      if (old) drop(key, old);
      records.set(key, record);
      bytes += record.size;
      for (const [oldest, r] of records) {
        if (records.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest, r);
      }
    },

    get stats() {
      return { entries: records.size, bytes, replayed, passed };
    },

    stop() {
      clearInterval(sweep);
      records.clear();
      bytes = 0;
    },
  };
}
