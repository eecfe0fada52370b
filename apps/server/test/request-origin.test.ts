import { describe, it, expect, afterEach } from 'vitest';
import { MSG } from '@fenestra/shared';
import { loadConfig } from '../src/config/env.js';
import { createTestApp, ORIGIN, type TestApp } from './helpers.js';

// Where a request comes from: which proxy may name the client's address, and which origins may change state.
describe('where a request comes from', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // Refused at once (no body), but each attempt counts against the sign-in window.
  const signInFrom = (app: TestApp, forwardedFor?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      payload: {},
      headers: { origin: ORIGIN, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    });
  const statuses = async (app: TestApp, headers: (i: number) => string | undefined, n = 4) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await signInFrom(app, headers(i))).statusCode);
    return out;
  };

  it('ignores X-Forwarded-For when TRUST_PROXY is unset, whatever HOST is', async () => {
    t = await createTestApp({ HOST: '0.0.0.0', RATE_LIMIT_AUTH: '3' });
    expect(await statuses(t, (i) => `203.0.113.${i + 1}`)).toEqual([400, 400, 400, 429]);
  });

  it('takes the client address from a trusted proxy by hop count', async () => {
    t = await createTestApp({ HOST: '0.0.0.0', RATE_LIMIT_AUTH: '3', TRUST_PROXY: '1' });
    expect(await statuses(t, (i) => `203.0.113.${i + 1}`)).toEqual([400, 400, 400, 400]);
    expect(await statuses(t, () => '198.51.100.7')).toEqual([400, 400, 400, 429]);
  });

  it('takes it only from the proxy addresses listed', async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH: '3', TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    // The test client connects from 127.0.0.1, which is not listed: its header is not believed.
    expect(await statuses(t, (i) => `203.0.113.${i + 1}`)).toEqual([400, 400, 400, 429]);
  });

  it('reads TRUST_PROXY as a list of addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, ::1, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '::1',
      '10.0.0.0/8',
    ]);
  });

  const signUpFrom = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: { origin },
      payload: { email: `loopback-${Date.now()}-${Math.random()}@example.com`, password: 'Correct-Horse9' },
    });

  it('accepts every loopback twin of the port when PUBLIC_URL is unset', async () => {
    t = await createTestApp({ PUBLIC_URL: '', PORT: '3999' });
    for (const origin of ['http://localhost:3999', 'http://127.0.0.1:3999', 'http://[::1]:3999']) {
      const res = await signUpFrom(t, origin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeDefined();
    }
    for (const origin of ['http://127.0.0.1:4000', 'http://192.168.1.5:3999', 'https://localhost:3999']) {
      expect((await signUpFrom(t, origin)).json()).toMatchObject({ message: MSG.forbiddenOrigin });
    }
  });

  it("accepts exactly PUBLIC_URL's origin when it is set", async () => {
    t = await createTestApp();
    expect((await signUpFrom(t, 'http://127.0.0.1:3000')).statusCode).toBe(403);
    expect((await signUpFrom(t, ORIGIN)).statusCode).toBe(200);
  });
});
