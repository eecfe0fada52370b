import Fastify from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { trafficPlugin } from './traffic.js';

/** An app whose /slow answers when the test says, and whose event stream stays open. */
async function server() {
  const app = Fastify();
  await app.register(trafficPlugin);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/slow', async () => {
    arrived();
    await released;
    return { ok: true };
  });
  app.get('/api/events', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, release, arrival };
}

/** A GET whose response (or its first bytes) resolves; `request` ends it early. */
function get(port: number, path: string) {
  let request!: http.ClientRequest;
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request = http.get({ port, host: '127.0.0.1', path, agent: false }, resolve);
    request.on('error', reject);
  });
  return { request, response };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('the requests being answered (what the page drawer and the quiet collection wait on)', () => {
  it('counts a request until it is answered, and is quiet after it', async () => {
    const { app, port, release, arrival } = await server();
    close = () => app.close();
    const slow = get(port, '/slow');
    await arrival;
    expect(app.traffic.answering).toBe(1);
    expect(app.traffic.begun).toBe(1);
    let quiet = false;
    const quieted = app.traffic.quiet(0).then(() => (quiet = true));
    await nextTurn();
    expect(quiet).toBe(false);

    release();
    (await slow.response).resume();
    await quieted;
    expect(app.traffic.answering).toBe(0);
  });

  it('does not count the event stream, which stays open', async () => {
    const { app, port } = await server();
    const stream = get(port, '/api/events');
    close = async () => {
      stream.request.destroy();
      await app.close();
    };
    await stream.response;
    expect(app.traffic.answering).toBe(0);
    expect(app.traffic.begun).toBe(0);
    await app.traffic.quiet(0);
  });

  it('stops counting a request whose client went away before its answer', async () => {
    const { app, port, release, arrival } = await server();
    close = async () => {
      release();
      await app.close();
    };
    const slow = get(port, '/slow');
    slow.response.catch(() => {});
    await arrival;
    expect(app.traffic.answering).toBe(1);
    slow.request.destroy();
    await app.traffic.quiet(0);
    expect(app.traffic.answering).toBe(0);
  });
});
