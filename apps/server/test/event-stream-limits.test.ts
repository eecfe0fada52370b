import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENTS_PATH, LIMITS, MSG } from '@fenestra/shared';
import { insertMember, createTestApp, type TestApp } from './helpers.js';

interface Opened {
  status: number;
  retryAfter: string | undefined;
  body: string;
  close(): void;
}

// One address held 2,000 event streams: an instance now holds at most LIMITS.eventStreams of them per address and
// per member, and answers more with a 429 (Retry-After) that the browser's client backs off from.
describe('event streams per address and per member', () => {
  let t: TestApp;
  let base: string;
  const open: Opened[] = [];

  beforeAll(async () => {
    // Addresses come from X-Forwarded-For, as behind a proxy, so one test machine can be many clients.
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await t?.close();
  });

  /** Opens a stream and resolves with its answer's head (and a refusal's body); the stream stays open. */
  function openStream(address: string, cookie?: string): Promise<Opened> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        base + EVENTS_PATH,
        { agent: false, headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) } },
        (res) => {
          const close = () => request.destroy();
          const opened = (body: string) => {
            const stream = { status: res.statusCode!, retryAfter: res.headers['retry-after'] as string, body, close };
            open.push(stream);
            resolve(stream);
          };
          if (res.statusCode === 200) return opened('');
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => opened(body));
        },
      );
      request.on('error', reject);
    });
  }
  const held = () => t.app.services.events.hub.size;
  /** Resolves once the server has let go of streams until it holds `count`. */
  async function untilHeld(count: number) {
    while (held() !== count) await new Promise((resolve) => setImmediate(resolve));
  }

  it('refuses an address past its limit with a 429 and Retry-After, and takes it again once one closes', async () => {
    const { perAddress } = LIMITS.eventStreams;
    const streams: Opened[] = [];
    for (let i = 0; i < perAddress; i++) streams.push(await openStream('203.0.113.1'));
    expect(streams.every((s) => s.status === 200)).toBe(true);

    const refused = await openStream('203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('30');
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'TOO_MANY_REQUESTS', message: MSG.tooManyStreams });
    // Another address is another client.
    expect((await openStream('203.0.113.2')).status).toBe(200);

    const before = held();
    streams[0]!.close();
    await untilHeld(before - 1);
    expect((await openStream('203.0.113.1')).status).toBe(200);
  });

  it('refuses a member past their limit, from any address', async () => {
    const { perMember } = LIMITS.eventStreams;
    const member = await insertMember(t);
    for (let i = 0; i < perMember; i++)
      expect((await openStream(`198.51.100.${i + 1}`, member.cookie)).status).toBe(200);
    const refused = await openStream('198.51.100.200', member.cookie);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ message: MSG.tooManyStreams });
    // A visitor at that address is not that member.
    expect((await openStream('198.51.100.200')).status).toBe(200);
  });
});
