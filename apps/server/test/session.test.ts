import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('extends a session older than a day and sends a fresh cookie', async () => {
    const member = await signUpMember(t.app);
    const pool = t.app.services.database.pool;
    await pool.query(
      `UPDATE sessions SET updated_at = now() - interval '2 days', expires_at = now() + interval '28 days'`,
    );

    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(res.json().me.id).toBe(member.me.id);
    expect(String(res.headers['set-cookie'])).toContain('fenestra.session_token=');
    const { rows } = await pool.query(`SELECT expires_at > now() + interval '29 days' AS extended FROM sessions`);
    expect(rows[0].extended).toBe(true);
  });

  it('answers a fresh session from its cookie without re-issuing it', async () => {
    const member = await signUpMember(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(res.json().me.username).toBe(member.me.username);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('treats a cookie with a forged signature as a visitor', async () => {
    const member = await signUpMember(t.app);
    const [name, value] = member.cookie.split('=');
    const token = decodeURIComponent(value!).split('.')[0];
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32).toString('base64')}`)}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: forged } });
    expect(res.json().me).toBeNull();
  });

  it('ends with an expired session', async () => {
    const member = await signUpMember(t.app);
    await t.app.services.database.pool.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [member.me.id],
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(res.json().me).toBeNull();
  });
});
