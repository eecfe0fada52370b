import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestApp, ORIGIN, type TestApp } from './helpers.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  replayed?: boolean;
}

// At info (the default), a request is one line of the log: Fastify's own two are off, and a replayed answer writes one too.
describe('the request log', () => {
  let t: TestApp;
  let base: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.services.events.listener.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The log lines that name this request id. */
  const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

  it('writes one line per request, with its method, address and status', async () => {
    const answers: Response[] = [];
    // The second read of the list is replayed in front of Fastify; the sign-in is a 400 through the error handler.
    answers.push(await fetch(`${base}/api/posts`));
    answers.push(await fetch(`${base}/api/posts`));
    answers.push(await fetch(`${base}/api/health`));
    answers.push(
      await fetch(`${base}/api/account/sign-in`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody' }),
      }),
    );
    answers.push(await fetch(`${base}/api/no-such-route`));
    for (const answer of answers) await answer.arrayBuffer();
    expect(t.app.services.replay.stats.replayed).toBe(1);

    for (const answer of answers) {
      const id = answer.headers.get('x-request-id')!;
      const own = linesOf(id);
      expect(own, `${answer.url} ${answer.status}`).toHaveLength(1);
      expect(own[0]).toMatchObject({ level: 30, msg: 'request', res: { statusCode: answer.status } });
      expect(own[0]!.req!.url).toBe(new URL(answer.url).pathname);
    }
    expect(linesOf(answers[1]!.headers.get('x-request-id')!)[0]!.replayed).toBe(true);
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });
});
