import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMAIL_TEXT, MSG, notificationEmailSubject } from '@fenestra/shared';
import { createTestApp, freshDatabase, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { parseMail } from './mail-catcher.js';

// Issue 30: the site's name from /admin/settings is what a recipient or visitor reads, in the emails, the feeds
// and the unsubscribe page, on every instance, as soon as it is saved (settings.changed empties the cached feeds).

const NEW_NAME = 'Sash & Sill';
const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Fenestra is a forum" />' +
  '<title>Fenestra</title></head><body><div id="root"></div></body></html>';

describe("the site's name where visitors and recipients read it", () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Awaited<ReturnType<typeof insertMember>>;

  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    a = await createTestApp({ DATABASE_URL: databaseUrl });
    b = await createTestApp({ DATABASE_URL: databaseUrl, AUTH_SECRET: a.config.authSecret! });
    admin = await insertMember(a);
    await makeStaff(a, admin.me.id, 'admin');
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The emails instance `t`'s outbox holds (the test mailer writes .eml files there), oldest first. */
  const outbox = async (t: TestApp) => {
    const dir = path.join(t.config.dataDir, 'outbox');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map(async (f) => parseMail(await readFile(path.join(dir, f), 'utf8'))));
  };
  const rename = async (name: string) => {
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { origin: ORIGIN, cookie: admin.cookie },
      payload: { siteName: name },
    });
    expect(res.statusCode).toBe(200);
    await b.app.services.events.listener.sync();
  };
  /** A reply to the author's question: its email is sent by instance b's job. */
  const replyEmail = async (author: { me: { id: string }; email: string }, replier: { cookie: string }) => {
    const postId = await insertPost(b, { userId: author.me.id, title: 'Casement crank strips out' });
    const res = await post(b, `/api/posts/${postId}/replies`, replier.cookie, {
      content: 'The spline count is on the old crank; match it before ordering.',
    });
    expect(res.statusCode).toBe(201);
    await b.app.services.jobs.runDue('notification-email');
    const mail = (await outbox(b)).filter((m) => m.headers.to === author.email).at(-1);
    expect(mail).toBeDefined();
    return mail!;
  };

  it('says the default name until an admin changes it', async () => {
    const author = await insertMember(b, { trustLevel: 1 });
    const replier = await insertMember(b, { trustLevel: 1 });
    const mail = await replyEmail(author, replier);
    expect(mail.headers.subject).toBe(notificationEmailSubject('new_reply', 'Fenestra'));
    expect(mail.headers.from).toBe('Fenestra <no-reply@fenestra.local>');
    // Read before the change: this feed is now in the public-read cache of both instances.
    for (const t of [a, b])
      expect((await get(t, '/feeds/latest.rss')).body).toContain('<title>Fenestra: latest questions</title>');
  });

  it('puts the new name in the emails, the feeds and the unsubscribe page on every instance', async () => {
    await rename(NEW_NAME);
    const author = await insertMember(b, { trustLevel: 1 });
    const replier = await insertMember(b, { trustLevel: 1 });
    const mail = await replyEmail(author, replier);
    expect(mail.headers.subject).toBe(`New reply to your post on ${NEW_NAME}`);
    // Without MAIL_FROM the sender is named after the site too.
    expect(mail.headers.from).toBe('"Sash & Sill" <no-reply@fenestra.local>');
    expect(mail.text).toContain(`Read it on ${NEW_NAME}: `);
    expect(mail.text).not.toContain('Fenestra');
    expect(mail.html).toContain('Sash &amp; Sill</td>');
    expect(mail.html).not.toContain('Fenestra');

    // The feeds cached before the change were dropped: both instances write them again with the new name.
    for (const t of [a, b]) {
      const rss = (await get(t, '/feeds/latest.rss')).body;
      expect(rss).toContain('<title>Sash &amp; Sill: latest questions</title>');
      expect(rss).toContain('<copyright>Sash &amp; Sill and its members</copyright>');
      expect(rss).not.toContain('Fenestra');
      expect((await get(t, '/feeds/topics/windows.atom')).body).toContain('Sash &amp; Sill: Windows questions');
    }

    // A page the browser draws (the plain shell) names the site before its script runs.
    mkdirSync(a.config.webDist, { recursive: true });
    writeFileSync(path.join(a.config.webDist, 'index.html'), SHELL);
    const shell = await get(a, '/auth');
    expect(shell.body).toContain('<title>Sash &#38; Sill</title>');
    expect(shell.body).not.toContain('Fenestra');

    // The one-click link of that email opens a page that names the site too.
    const link = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!);
    const page = await get(a, link.pathname + link.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${MSG.unsubscribeTitle} · Sash &amp; Sill</title>`);
    const invalid = await get(b, '/api/email/unsubscribe?token=nonsense');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('· Sash &amp; Sill</title>');

    // The password reset, queued by one instance and sent by the other's job.
    expect((await post(a, '/api/account/forgot-password', undefined, { email: author.email })).statusCode).toBe(200);
    await b.app.services.jobs.runDue('password-reset');
    const { rows } = await sqlQuery<{ subject: string; text: string }>(
      b,
      "SELECT data->>'subject' AS subject, data->>'text' AS text FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = $1",
      [author.email],
    );
    expect(rows.map((r) => r.subject)).toEqual([EMAIL_TEXT.resetPassword.subject(NEW_NAME)]);
    expect(rows[0]!.text).toContain(`your ${NEW_NAME} account`);
  });

  it('goes back with the setting', async () => {
    await rename('Fenestra');
    // The built shell is sent as it was built again.
    expect((await get(a, '/search')).body).toBe(SHELL);
    for (const t of [a, b])
      expect((await get(t, '/feeds/latest.rss')).body).toContain('<title>Fenestra: latest questions</title>');
  });
});
