import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import dns from 'node:dns/promises';
import { isPublicAddress, portOf, hostPortOf, PREVIEW_PORTS } from './address-rules.js';

/** Every address a host name resolves to (one lookup; the connection then goes to a checked one). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const systemResolver: ResolveHost = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export interface FetchLimits {
  maxBytes: number;
  /** For everything: lookups, redirects, headers and body. */
  timeLimitMs: number;
  maxRedirects: number;
}

export interface LinkGuard {
  resolve: ResolveHost;
  /** Exact `host:port` pairs that skip the address and port rules (tests serve pages on loopback). */
  allow: ReadonlySet<string>;
  /** Told of every address a connection may go to, before it is made (tests prove where packets went). */
  onConnect?: (address: string, port: number) => void;
}

export type RefusalReason =
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'address'
  | 'unresolved'
  | 'redirects'
  | 'status'
  | 'type'
  | 'encoding'
  | 'too-large'
  | 'timeout'
  | 'network';

/** Why a link gave no page: every refusal and failure ends here, never in a thrown network error. */
export class LinkRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`link refused: ${reason}`);
  }
}

export interface FetchedBody {
  /** Where the body came from, after redirects. */
  url: URL;
  mime: string;
  charset: string | null;
  body: Buffer;
}

export interface CheckedTarget {
  /** Every address the name resolved to, all checked; the socket may use any of them and nothing else. */
  addresses: { address: string; family: 4 | 6 }[];
  port: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function parseLink(text: string): URL {
  if (!URL.canParse(text)) throw new LinkRefused('scheme');
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LinkRefused('scheme');
  if (url.username || url.password) throw new LinkRefused('credentials');
  return url;
}

/** Races a promise against the deadline, so a slow lookup cannot outlive it. */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new LinkRefused('timeout'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new LinkRefused('timeout'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The scheme, port and every resolved address of one hop, checked before any packet is sent. */
export async function checkTarget(url: URL, guard: LinkGuard, signal: AbortSignal): Promise<CheckedTarget> {
  const port = portOf(url);
  const allowed = guard.allow.has(hostPortOf(url));
  if (!allowed && !PREVIEW_PORTS.has(port)) throw new LinkRefused('port');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    addresses = await beforeDeadline(guard.resolve(host), signal).catch((err: unknown) => {
      throw err instanceof LinkRefused ? err : new LinkRefused('unresolved');
    });
  }
  if (addresses.length === 0 || !addresses.every((a) => net.isIP(a))) throw new LinkRefused('unresolved');
  if (!allowed && !addresses.every(isPublicAddress)) throw new LinkRefused('address');
  return { addresses: addresses.map((address) => ({ address, family: net.isIP(address) as 4 | 6 })), port };
}

/** A lookup that answers with the checked addresses only, so no second lookup happens (DNS rebinding). */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  // Asked for all (Node's happy eyeballs), it gets every checked address; otherwise the first.
  return (_hostname, options, callback) => {
    if (options.all) callback(null, target.addresses);
    else callback(null, target.addresses[0]!.address, target.addresses[0]!.family);
  };
}

/** One request to the checked addresses only: the lookup answers with them, so no second lookup happens. */
function requestOnce(url: URL, target: CheckedTarget, accept: string, signal: AbortSignal): Promise<IncomingMessage> {
  const pinned = pinnedLookup(target);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      agent: false,
      lookup: pinned,
      signal,
      headers: {
        accept,
        'accept-encoding': 'identity',
        'user-agent': 'FenestraLinkPreview/1.0',
      },
    });
    request.on('response', resolve);
    request.on('error', (err) =>
      reject(
        signal.aborted ? new LinkRefused('timeout') : err instanceof LinkRefused ? err : new LinkRefused('network'),
      ),
    );
    request.end();
  });
}

/** Reads a response body, giving up (and closing the socket) past maxBytes. */
function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new LinkRefused('too-large'));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', () => reject(new LinkRefused(signal.aborted ? 'timeout' : 'network')));
    response.on('aborted', () => reject(new LinkRefused(signal.aborted ? 'timeout' : 'network')));
  });
}

function mediaType(header: string | undefined): { mime: string; charset: string | null } {
  const [type = '', ...params] = (header ?? '').split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1]).find(Boolean) ?? null;
  return { mime: type.trim().toLowerCase(), charset };
}

/**
 * Fetches a member-chosen link without letting it reach the server's own network: only http(s) on ports
 * 80/443, every resolved address public, the connection pinned to the checked address, every redirect
 * checked the same way, and the size and time capped. Only the media types `accepts` takes are read.
 */
export async function guardedFetch(
  link: string,
  guard: LinkGuard,
  limits: FetchLimits,
  accepts: { header: string; mime: (mime: string) => boolean },
): Promise<FetchedBody> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeLimitMs);
  const signal = deadline.signal;
  try {
    let url = parseLink(link);
    for (let hop = 0; ; hop++) {
      const target = await checkTarget(url, guard, signal);
      for (const { address } of target.addresses) guard.onConnect?.(address, target.port);
      const response = await requestOnce(url, target, accepts.header, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.destroy();
        if (hop >= limits.maxRedirects) throw new LinkRefused('redirects');
        url = parseLink(
          URL.canParse(response.headers.location, url.href) ? new URL(response.headers.location, url).href : '',
        );
        continue;
      }
      const { mime, charset } = mediaType(response.headers['content-type']);
      const encoding = (response.headers['content-encoding'] ?? 'identity').toLowerCase();
      const declared = Number(response.headers['content-length'] ?? 0);
      const refusal: RefusalReason | null =
        status !== 200
          ? 'status'
          : !accepts.mime(mime)
            ? 'type'
            : encoding !== 'identity'
              ? 'encoding'
              : declared > limits.maxBytes
                ? 'too-large'
                : null;
      if (refusal) {
        response.destroy();
        throw new LinkRefused(refusal);
      }
      return { url, mime, charset, body: await readCapped(response, limits.maxBytes, signal) };
    }
  } catch (err) {
    throw err instanceof LinkRefused ? err : new LinkRefused(signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
}
