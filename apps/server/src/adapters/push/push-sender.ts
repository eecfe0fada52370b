import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { hostPortOf } from '../link-preview/address-rules.js';
import {
  checkTarget,
  LinkRefused,
  pinnedLookup,
  systemResolver,
  type LinkGuard,
  type ResolveHost,
} from '../link-preview/guarded-fetch.js';
import type { VapidKeys } from './vapid-keys.js';

/** One browser's subscription as the push service gave it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What the push service said: `delivered`, `gone` (404/410: the subscription is dead), `refused` (an address the
 * guard refuses, or a 4xx that will not change: drop it), `retry` (5xx, 429, network: the job tries again).
 */
export type PushOutcome =
  | { kind: 'delivered' }
  | { kind: 'gone'; status: number }
  | { kind: 'refused'; reason: string }
  | { kind: 'retry'; reason: string };

export interface PushSender {
  /** The public half of the VAPID keys: the browser's applicationServerKey. */
  publicKey: string;
  /** Whether an endpoint may be subscribed at all (https, or an allow-listed host:port); the addresses are checked at send. */
  acceptsEndpoint(endpoint: string): boolean;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** How long a push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is off (seconds): a day, as the email's retries. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Whether `endpoint` is https (or an allow-listed host:port, which may be plain http: a test's push service). */
export function endpointScheme(endpoint: string, allow: ReadonlySet<string>): URL | null {
  if (!URL.canParse(endpoint)) return null;
  const url = new URL(endpoint);
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url;
  return url.protocol === 'http:' && allow.has(hostPortOf(url)) ? url : null;
}

/**
 * Sends Web Push messages (RFC 8030/8291/8292): web-push encrypts the payload and signs the VAPID header, and the
 * request goes out through the link-preview guard's rules (decision 007): a browser names the endpoint, so a hostile
 * one could aim it at the server's own network. Only https on 443 (or an allow-listed host:port), every resolved
 * address public, the connection pinned to the checked addresses; TLS certificates are checked as Node does.
 */
export function createPushSender(opts: {
  vapid: VapidKeys;
  allow: ReadonlySet<string>;
  resolve?: ResolveHost;
}): PushSender {
  const guard: LinkGuard = { resolve: opts.resolve ?? systemResolver, allow: opts.allow };
  return {
    publicKey: opts.vapid.publicKey,
    acceptsEndpoint: (endpoint) => endpointScheme(endpoint, opts.allow) !== null,
    async send(target, payload) {
      const url = endpointScheme(target.endpoint, opts.allow);
      if (!url) return { kind: 'refused', reason: 'scheme' };
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: {
            subject: opts.vapid.subject,
            publicKey: opts.vapid.publicKey,
            privateKey: opts.vapid.privateKey,
          },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const deadline = AbortSignal.timeout(PUSH_TIMEOUT_MS);
      let checked;
      try {
        checked = await checkTarget(url, guard, deadline);
      } catch (err) {
        const reason = err instanceof LinkRefused ? err.reason : 'unresolved';
        // A name that does not resolve now may later; a refused address or port never becomes acceptable.
        return reason === 'unresolved' || reason === 'timeout'
          ? { kind: 'retry', reason }
          : { kind: 'refused', reason };
      }
      const client = url.protocol === 'https:' ? https : http;
      const status = await new Promise<number | string>((resolve) => {
        const request = client.request({
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: checked.port,
          path: `${url.pathname}${url.search}`,
          method: details.method,
          headers: details.headers,
          agent: false,
          lookup: pinnedLookup(checked),
          signal: deadline,
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', (err) => resolve(deadline.aborted ? 'timeout' : err.message));
        request.end(details.body ?? undefined);
      });
      if (typeof status === 'string') return { kind: 'retry', reason: status };
      if (status >= 200 && status < 300) return { kind: 'delivered' };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) return { kind: 'retry', reason: `status ${status}` };
      return { kind: 'refused', reason: `status ${status}` };
    },
  };
}
