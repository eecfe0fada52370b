import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG } from '@fenestra/shared';
import { cookieFrom, createTestApp, ORIGIN, type TestApp } from './helpers.js';

// A burst of sign-ups must meet 503 with Retry-After, never a 500: the password hashing is bounded and
// an exhausted connection pool is 'busy'. Both are held full here, so nothing depends on timing.
describe('a forum under more sign-ups than it can take', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signUp = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: { origin: ORIGIN },
      payload: { email, password: 'Correct-Horse9' },
    });
  const accounts = async (email: string) =>
    (await t.app.services.database.pool.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount;
  const expectBusy = (res: Awaited<ReturnType<typeof signUp>>) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ error: 'UNAVAILABLE', message: MSG.unavailable });
  };

  /** Takes every running place and the whole queue of the hashing gate, until `letGo` (one more is turned away). */
  const fillHashing = (run = t.app.services.hashing.run) => {
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const gate = t.app.services.hashing;
    const holders: Promise<void>[] = [];
    for (;;) {
      const before = gate.load;
      holders.push(run(() => held).catch(() => {}));
      const after = gate.load;
      if (after.running === before.running && after.waiting === before.waiting) break;
    }
    return async () => {
      letGo();
      await Promise.all(holders);
    };
  };

  it('answers 503 with Retry-After when the password hashing is full, and takes sign-ups again after', async () => {
    const release = fillHashing();
    const email = `burst-${Date.now()}@example.com`;
    expectBusy(await signUp(email));
    expect(await accounts(email)).toBe(0);

    await release();
    expect((await signUp(email)).statusCode).toBe(200);
  });

  it('makes an account and its session whole, even when the hashing fills up right after its one hash', async () => {
    const gate = t.app.services.hashing;
    const run = gate.run;
    let hashes = 0;
    let release = async () => {};
    gate.run = async (work) => {
      const result = await run(work);
      if (++hashes === 1) release = fillHashing(run);
      return result;
    };
    const email = `whole-${Date.now()}@example.com`;
    try {
      const res = await signUp(email);
      expect(res.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(res) } });
      expect(me.json().me).toMatchObject({ email });
    } finally {
      gate.run = run;
      await release();
    }
    expect(hashes).toBe(1);
    expect(await accounts(email)).toBe(1);
  });

  it('answers 503 with Retry-After when every database connection is taken', async () => {
    const pool = t.app.services.database.pool;
    const options = (pool as unknown as { options: { max: number; connectionTimeoutMillis: number } }).options;
    const clients = await Promise.all(Array.from({ length: options.max }, () => pool.connect()));
    const timeout = options.connectionTimeoutMillis;
    options.connectionTimeoutMillis = 50; // how long a request waits for a connection before giving up
    try {
      expectBusy(await signUp(`pool-${Date.now()}@example.com`));
    } finally {
      options.connectionTimeoutMillis = timeout;
      for (const client of clients) client.release();
    }
    expect((await signUp(`pool-after-${Date.now()}@example.com`)).statusCode).toBe(200);
  });
});
