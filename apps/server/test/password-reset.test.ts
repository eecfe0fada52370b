import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@fenestra/shared';
import { createTestApp, cookieFrom, freePort, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { MailCatcher, parseMail } from './mail-catcher.js';

const INVALID_RESET = MSG.invalidResetLink;
const NEW_PASSWORD = 'Fresh-Start42';

const resetLinkIn = (text: string) => {
  const match = text.match(/(https?:\/\/\S+\/auth\?reset=true&token=\S+)/);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return new URL(match[1]!);
};

const post = (t: TestApp, url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
/** The worker's turn: the reset job makes the link (or nothing), then its email job is due. */
const issueLinks = (t: TestApp) => t.app.services.jobs.runDue('password-reset');
const meOf = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().me;

describe('password reset through a real SMTP server', () => {
  const catcher = new MailCatcher();
  let t: TestApp;
  beforeAll(async () => {
    const port = await catcher.start();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Fenestra <no-reply@fenestra.test>' });
  });
  afterAll(async () => {
    await t.close();
    await catcher.stop();
  });

  it('mails a link that resets the password once and signs the member in', async () => {
    const member = await signUpMember(t.app);
    const request = await post(t, '/api/account/forgot-password', { email: member.email.toUpperCase() });
    expect(request.statusCode).toBe(200);
    expect(catcher.received).toHaveLength(0); // sent by the job queue, not during the request

    expect(await issueLinks(t)).toEqual({ completed: 1, failed: 0 });
    expect(await t.app.services.jobs.runDue('send-email')).toEqual({ completed: 1, failed: 0 });
    const mail = catcher.received.find((m) => m.envelopeTo.includes(member.email));
    expect(mail).toBeDefined();
    expect(mail!.headers.subject).toBe('Reset your Fenestra password');
    expect(mail!.headers.from).toContain('no-reply@fenestra.test');
    expect(mail!.headers.to).toBe(member.email);

    const link = resetLinkIn(mail!.text);
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/auth`);
    expect(link.searchParams.get('reset')).toBe('true');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);

    const reset = await post(t, '/api/account/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().me).toMatchObject({ id: member.me.id, email: member.email });
    const cookie = cookieFrom(reset);
    expect(cookie).toContain('fenestra.session_token=');
    expect(await meOf(t, cookie)).toMatchObject({ id: member.me.id });

    // Sessions from before the reset are over.
    expect(await meOf(t, member.cookie)).toBeNull();

    const oldPassword = await post(t, '/api/account/sign-in', { email: member.email, password: member.password });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post(t, '/api/account/sign-in', { email: member.email, password: NEW_PASSWORD });
    expect(newPassword.statusCode).toBe(200);

    const again = await post(t, '/api/account/reset-password', { token, password: 'Another-One77' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: INVALID_RESET, field: 'token' });
    expect((await post(t, '/api/account/sign-in', { email: member.email, password: 'Another-One77' })).statusCode).toBe(
      401,
    );
  });

  it('answers 200 for an unknown email and sends nothing', async () => {
    const before = catcher.received.length;
    const res = await post(t, '/api/account/forgot-password', { email: `nobody-${Date.now()}@example.com` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await issueLinks(t)).toEqual({ completed: 1, failed: 0 });
    expect(await t.app.services.jobs.runDue('send-email')).toEqual({ completed: 0, failed: 0 });
    expect(catcher.received).toHaveLength(before);
  });

  it('does the same work in the request for a known and an unknown email', async () => {
    const member = await signUpMember(t.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    const jobsFor = async (email: string) =>
      (await t.app.services.database.pool.query(`SELECT name, data FROM pgboss.job WHERE data->>'email' = $1`, [email]))
        .rows;
    const known = await post(t, '/api/account/forgot-password', { email: member.email });
    const other = await post(t, '/api/account/forgot-password', { email: unknown });
    expect([known.statusCode, known.body]).toEqual([other.statusCode, other.body]);
    // One queued job each, of one kind; no token exists yet for either.
    expect(await jobsFor(member.email)).toEqual([{ name: 'password-reset', data: { email: member.email } }]);
    expect(await jobsFor(unknown)).toEqual([{ name: 'password-reset', data: { email: unknown } }]);
    const tokens = await t.app.services.database.pool.query(`SELECT 1 FROM verifications WHERE value = $1`, [
      member.me.id,
    ]);
    expect(tokens.rowCount).toBe(0);
    await issueLinks(t);
    await t.app.services.jobs.runDue('send-email');
  });

  it('ends the older links when a new one is asked for', async () => {
    const member = await signUpMember(t.app);
    const linksFor = () =>
      catcher.received
        .filter((m) => m.envelopeTo.includes(member.email))
        .map((m) => resetLinkIn(m.text).searchParams.get('token')!);
    for (let i = 0; i < 2; i++) {
      await post(t, '/api/account/forgot-password', { email: member.email });
      await issueLinks(t);
      await t.app.services.jobs.runDue('send-email');
    }
    const [older, newer] = linksFor();
    expect(older && newer && older !== newer).toBe(true);
    const stale = await post(t, '/api/account/reset-password', { token: older!, password: NEW_PASSWORD });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ message: INVALID_RESET, field: 'token' });
    expect((await post(t, '/api/account/reset-password', { token: newer!, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('validates the request and the new password', async () => {
    const badEmail = await post(t, '/api/account/forgot-password', { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ message: MSG.emailInvalid, field: 'email' });

    const unknownToken = await post(t, '/api/account/reset-password', {
      token: 'made-up-token',
      password: NEW_PASSWORD,
    });
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json()).toMatchObject({ message: INVALID_RESET, field: 'token' });

    const member = await signUpMember(t.app);
    await post(t, '/api/account/forgot-password', { email: member.email });
    await issueLinks(t);
    await t.app.services.jobs.runDue('send-email');
    const token = resetLinkIn(catcher.received.find((m) => m.envelopeTo.includes(member.email))!.text).searchParams.get(
      'token',
    )!;
    const weak = await post(t, '/api/account/reset-password', { token, password: 'short1A' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: MSG.passwordMin, field: 'password' });
    // A refused password leaves the token usable.
    const ok = await post(t, '/api/account/reset-password', { token, password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });
});

describe('reset email when the SMTP server is down', () => {
  const catcher = new MailCatcher();
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await catcher.stop();
  });

  it('fails the job, keeps it for a retry, and delivers once the server is back', async () => {
    const member = await signUpMember(t.app);
    expect((await post(t, '/api/account/forgot-password', { email: member.email })).statusCode).toBe(200);
    await issueLinks(t);

    expect(await t.app.services.jobs.runDue('send-email')).toEqual({ completed: 0, failed: 1 });
    const jobState = async () =>
      (
        await t.app.services.database.pool.query<{ state: string; retry_count: number; due_in_seconds: number }>(
          `SELECT state, retry_count, EXTRACT(EPOCH FROM start_after - now())::float AS due_in_seconds
       FROM pgboss.job WHERE name = 'send-email'`,
        )
      ).rows;
    const [failed] = await jobState();
    expect(failed).toMatchObject({ state: 'retry' });
    expect(failed!.due_in_seconds).toBeGreaterThan(0); // retried later, with a delay

    await catcher.start(port);
    // Not due yet: nothing is sent before the retry delay.
    expect(await t.app.services.jobs.runDue('send-email')).toEqual({ completed: 0, failed: 0 });
    expect(catcher.received).toHaveLength(0);

    // The retry delay passes.
    await t.app.services.database.pool.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'send-email' AND state = 'retry'`,
    );
    expect(await t.app.services.jobs.runDue('send-email')).toEqual({ completed: 1, failed: 0 });
    expect(catcher.received).toHaveLength(1);
    expect(catcher.received[0]!.envelopeTo).toEqual([member.email]);
    const [done] = await jobState();
    expect(done).toMatchObject({ state: 'completed', retry_count: 1 });

    const token = resetLinkIn(catcher.received[0]!.text).searchParams.get('token')!;
    expect((await post(t, '/api/account/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('reset email without SMTP_URL', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void logged.push(line) } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes the message with its link to DATA_DIR/outbox', async () => {
    expect(t.app.services.mailer.kind).toBe('outbox');
    const member = await signUpMember(t.app);
    expect((await post(t, '/api/account/forgot-password', { email: member.email })).statusCode).toBe(200);
    await issueLinks(t);
    expect(await t.app.services.jobs.runDue('send-email')).toEqual({ completed: 1, failed: 0 });

    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = parseMail(await readFile(path.join(outbox, files[0]!), 'utf8'));
    expect(mail.headers.to).toBe(member.email);
    expect(mail.headers.subject).toBe('Reset your Fenestra password');
    const token = resetLinkIn(mail.text).searchParams.get('token')!;
    expect((await stat(path.join(outbox, files[0]!))).mode & 0o777).toBe(0o600);
    // The log says where the message is, never its link: the token is live.
    const lines = logged.map((line) => JSON.parse(line) as { msg: string; file?: string });
    expect(lines.filter((line) => line.msg === 'email written to outbox').map((line) => line.file)).toEqual([
      path.join(outbox, files[0]!),
    ]);
    expect(logged.filter((line) => line.includes(token))).toEqual([]);

    const reset = await post(t, '/api/account/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().me).toMatchObject({ id: member.me.id });
  });
});
