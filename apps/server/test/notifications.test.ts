import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  EMAIL_PREFERENCE_FOR,
  notificationEmailSubject,
  NOTIFICATION_TEXT,
  NOTIFICATION_TYPES,
  DEFAULT_EMAIL_PREFERENCES,
  type EmailPreferences,
  type NotificationList,
  type NotificationType,
} from '@fenestra/shared';
import { insertMember, createTestApp, freePort, ORIGIN, type TestApp } from './helpers.js';
import { ask, askBody, get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { MailCatcher } from './mail-catcher.js';
import { insertNotifications } from '../src/modules/notifications/repo.js';

type Member = Awaited<ReturnType<typeof insertMember>>;
const TEXT = 'Looks like a standard 5/8 inch steel roller to me.';
const HOUR = 3600_000;

describe('notifications', () => {
  const catcher = new MailCatcher();
  let smtpPort: number;
  let t: TestApp;
  let clock = new Date();

  beforeAll(async () => {
    smtpPort = await freePort();
    await catcher.start(smtpPort);
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }, { now: () => clock });
  });
  afterAll(async () => {
    await t?.close();
    await catcher.stop();
  });

  const notificationsOf = async (userId: string) =>
    (
      await sqlQuery<{ type: NotificationType; message: string; post_id: string | null }>(
        t,
        'SELECT type, message, post_id FROM notifications WHERE user_id = $1 ORDER BY created_at, type',
        [userId],
      )
    ).rows;
  const reply = (postId: string, cookie: string, content = TEXT) =>
    post(t, `/api/posts/${postId}/replies`, cookie, { content });
  const setPreferences = (userId: string, prefs: Partial<EmailPreferences> | Record<string, never>) =>
    sqlQuery(t, 'UPDATE profiles SET email_preferences = $2 WHERE id = $1', [userId, JSON.stringify(prefs)]);
  const notify = (rows: Parameters<typeof insertNotifications>[1]) =>
    t.app.services.database.db.transaction((tx) => insertNotifications(tx, rows));
  const runEmails = () => t.app.services.jobs.runDue('notification-email');
  const makeEmailsDue = () =>
    sqlQuery(t, "UPDATE pgboss.job SET start_after = now() WHERE name = 'notification-email' AND state = 'retry'");

  describe('who is told', () => {
    let author: Member;
    let writer: Member;
    let third: Member;
    let staff1: Member;
    let staff2: Member;
    beforeAll(async () => {
      [author, writer, third, staff1, staff2] = await Promise.all([
        insertMember(t, { username: 'ada-author' }),
        insertMember(t, { username: 'wes-writer' }),
        insertMember(t, { username: 'Theo3' }),
        insertMember(t),
        insertMember(t),
      ]);
      await makeStaff(t, staff1.me.id);
      await makeStaff(t, staff2.me.id, 'admin');
    });

    it("a reply tells the post's author, never the writer; a mention beats new_reply; each member once", async () => {
      const postId = await insertPost(t, { userId: author.me.id, title: 'Storm door closer keeps slamming' });
      const title = 'Storm door closer keeps slamming';
      await reply(postId, author.cookie, 'Answering my own question here, for the record.');
      expect(await notificationsOf(author.me.id)).toEqual([]);

      await reply(postId, writer.cookie);
      expect(await notificationsOf(author.me.id)).toEqual([
        { type: 'new_reply', message: NOTIFICATION_TEXT.new_reply('wes-writer', title), post_id: postId },
      ]);

      await reply(postId, writer.cookie, '@ada-author and @theo3, see @THEO3 and @wes-writer and @nobody');
      expect(await notificationsOf(author.me.id)).toEqual([
        { type: 'new_reply', message: NOTIFICATION_TEXT.new_reply('wes-writer', title), post_id: postId },
        { type: 'mention', message: NOTIFICATION_TEXT.mention('wes-writer', title), post_id: postId },
      ]);
      expect(await notificationsOf(third.me.id)).toEqual([
        { type: 'mention', message: NOTIFICATION_TEXT.mention('wes-writer', title), post_id: postId },
      ]);
      expect(await notificationsOf(writer.me.id)).toEqual([]);
    });

    it('a new pending post tells every admin and moderator but its author; its mentions wait for the first approval', async () => {
      const res = await ask(
        t,
        staff1.cookie,
        askBody({
          title: 'Casement operator part number?',
          description: `Same crank as @theo3 had last year, the stamp reads 4-B. ${'x'.repeat(20)}`,
        }),
      );
      const postId = res.json().id as string;
      expect((await notificationsOf(staff2.me.id)).filter((n) => n.post_id === postId)).toEqual([
        {
          type: 'post_pending_review',
          message: NOTIFICATION_TEXT.post_pending_review('Casement operator part number?'),
          post_id: postId,
        },
      ]);
      expect((await notificationsOf(staff1.me.id)).filter((n) => n.post_id === postId)).toEqual([]);
      const theoAbout = async () => (await notificationsOf(third.me.id)).filter((n) => n.post_id === postId);
      expect(await theoAbout()).toEqual([]);

      expect((await post(t, `/api/admin/posts/${postId}/approve`, staff2.cookie)).statusCode).toBe(200);
      expect(await theoAbout()).toEqual([
        {
          type: 'mention',
          message: NOTIFICATION_TEXT.mention(staff1.me.username, 'Casement operator part number?'),
          post_id: postId,
        },
      ]);
      // Back to pending and approved again: no second mention.
      await sqlQuery(t, "UPDATE posts SET status = 'pending' WHERE id = $1", [postId]);
      expect((await post(t, `/api/admin/posts/${postId}/approve`, staff2.cookie)).statusCode).toBe(200);
      expect(await theoAbout()).toHaveLength(1);
    });
  });

  describe('the bell', () => {
    it('lists the latest 20 newest first with the count of all unread; marks one, or all, read', async () => {
      const member = await insertMember(t);
      const other = await insertMember(t);
      const postId = await insertPost(t);
      await sqlQuery(
        t,
        `
        INSERT INTO notifications (user_id, type, message, post_id, created_at)
        SELECT $1, 'new_reply', 'Reply ' || n, $2, now() - (30 - n) * interval '1 minute' FROM generate_series(1, 25) n`,
        [member.me.id, postId],
      );
      await notify([{ userId: other.me.id, type: 'mention', message: 'not yours', postId }]);

      const bell = (await get(t, '/api/notifications', member.cookie)).json<NotificationList>();
      expect(bell.notifications).toHaveLength(20);
      expect(bell.notifications[0]).toMatchObject({ message: 'Reply 25', read: false, postId, type: 'new_reply' });
      expect(bell.notifications[19]!.message).toBe('Reply 6');
      expect(bell.unreadCount).toBe(25);

      const one = await post(t, `/api/notifications/${bell.notifications[0]!.id}/read`, member.cookie);
      expect(one.json()).toEqual({ unreadCount: 24 });
      const theirs = (await get(t, '/api/notifications', other.cookie)).json<NotificationList>().notifications[0]!;
      expect((await post(t, `/api/notifications/${theirs.id}/read`, member.cookie)).statusCode).toBe(404);
      expect((await post(t, '/api/notifications/nonsense/read', member.cookie)).statusCode).toBe(404);
      expect((await get(t, '/api/notifications', other.cookie)).json<NotificationList>().unreadCount).toBe(1);

      expect((await post(t, '/api/notifications/read-all', member.cookie)).json()).toEqual({ unreadCount: 0 });
      const after = (await get(t, '/api/notifications', member.cookie)).json<NotificationList>();
      expect(after.unreadCount).toBe(0);
      expect(after.notifications.every((n) => n.read)).toBe(true);
      expect((await get(t, '/api/notifications', other.cookie)).json<NotificationList>().unreadCount).toBe(1);
      expect((await get(t, '/api/notifications')).statusCode).toBe(401);
      expect((await post(t, '/api/notifications/read-all')).statusCode).toBe(401);
    });
  });

  describe('email', () => {
    it('sends each type only where the preference read at send time allows (defaults included)', async () => {
      catcher.received.length = 0;
      const withDefaults = await insertMember(t);
      const allOff = await insertMember(t);
      const allOn = await insertMember(t);
      const legacy = await insertMember(t);
      await setPreferences(allOff.me.id, {
        mentions: false,
        replies: false,
        approved: false,
        denied: false,
        solved: false,
        banned: false,
        accepted: false,
      });
      await setPreferences(allOn.me.id, {
        mentions: true,
        replies: true,
        approved: true,
        denied: true,
        solved: true,
        banned: true,
      });
      await setPreferences(legacy.me.id, {}); // stored before any keys existed: the defaults apply
      const postId = await insertPost(t);
      const members: [Member, EmailPreferences][] = [
        [withDefaults, DEFAULT_EMAIL_PREFERENCES],
        [allOff, { ...DEFAULT_EMAIL_PREFERENCES, mentions: false, replies: false, approved: false, solved: false }],
        [
          allOn,
          { mentions: true, replies: true, approved: true, denied: true, solved: true, banned: true, accepted: true },
        ],
        [legacy, DEFAULT_EMAIL_PREFERENCES],
      ];
      for (const type of NOTIFICATION_TYPES) {
        for (const [m] of members) await notify([{ userId: m.me.id, type, message: `About ${type}`, postId }]);
      }
      await runEmails();

      for (const [m, prefs] of members) {
        const got = catcher.received
          .filter((r) => r.envelopeTo.includes(m.email))
          .map((r) => r.headers.subject)
          .sort();
        const expected = NOTIFICATION_TYPES.filter((type) => {
          const key = EMAIL_PREFERENCE_FOR[type];
          return key !== null && (m === allOff ? false : prefs[key]);
        })
          .map((type) => notificationEmailSubject(type, 'Fenestra'))
          .sort();
        expect(got, m.email).toEqual(expected);
      }
      expect(
        catcher.received.some((r) => r.headers.subject === notificationEmailSubject('post_pending_review', 'Fenestra')),
      ).toBe(false);
    });

    it('links to the post and the settings, with a one-click List-Unsubscribe that turns that preference off', async () => {
      catcher.received.length = 0;
      const member = await insertMember(t);
      const postId = await insertPost(t);
      await notify([{ userId: member.me.id, type: 'new_reply', message: 'Someone replied', postId }]);
      await runEmails();
      const [mail] = catcher.received.filter((r) => r.envelopeTo.includes(member.email));
      expect(mail!.text).toContain('Someone replied');
      expect(mail!.text).toContain(`${ORIGIN}/post/${postId}`);
      expect(mail!.text).toContain(`${ORIGIN}/settings`);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const unsubscribe = new URL(/^<(.+)>$/.exec(mail!.headers['list-unsubscribe']!)![1]!);
      expect(unsubscribe.origin).toBe(ORIGIN);
      const url = unsubscribe.pathname + unsubscribe.search;
      const preferences = async () =>
        (
          await sqlQuery<{ p: EmailPreferences }>(t, 'SELECT email_preferences AS p FROM profiles WHERE id = $1', [
            member.me.id,
          ])
        ).rows[0]!.p;

      // Opening the link only asks; mail scanners that follow links change nothing.
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
      expect((await preferences()).replies).toBe(true);

      // The mail client's one-click POST comes from no page of ours: no Origin, form-encoded.
      const tampered = url.replace(/token=./, 'token=A');
      const refused = await t.app.inject({
        method: 'POST',
        url: tampered,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode).toBe(400);
      const done = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode).toBe(200);
      expect(await preferences()).toMatchObject({ replies: false, mentions: true });
      // Every other state-changing route still checks the Origin.
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie: member.cookie } }))
          .statusCode,
      ).toBe(403);

      // Read at send time: nothing more about replies, and nothing for a deleted account.
      await notify([{ userId: member.me.id, type: 'reply_pinned', message: 'Pinned', postId }]);
      const gone = await insertMember(t);
      await notify([{ userId: gone.me.id, type: 'mention', message: 'Mentioned', postId }]);
      await sqlQuery(t, 'DELETE FROM users WHERE id = $1', [gone.me.id]);
      catcher.received.length = 0;
      expect(await runEmails()).toEqual({ completed: 2, failed: 0 });
      expect(catcher.received).toEqual([]);
    });

    it('retries while the mail server is down and delivers once it is back; after 24 hours keeps it as failed and counts it', async () => {
      catcher.received.length = 0;
      const member = await insertMember(t);
      const staff = await insertMember(t);
      await makeStaff(t, staff.me.id);
      const postId = await insertPost(t);
      await catcher.stop();

      // The action that causes the email neither fails nor waits.
      const replied = await reply(postId, staff.cookie, `@${member.me.username} this is the one you need.`);
      expect(replied.statusCode).toBe(201);
      expect(await runEmails()).toEqual({ completed: 0, failed: 1 });
      const status = async () =>
        (
          await sqlQuery<{ email_status: string }>(
            t,
            "SELECT email_status FROM notifications WHERE user_id = $1 AND type = 'mention'",
            [member.me.id],
          )
        ).rows[0]!.email_status;
      expect(await status()).toBe('queued');

      await catcher.start(smtpPort);
      await makeEmailsDue();
      expect(await runEmails()).toEqual({ completed: 1, failed: 0 });
      expect(catcher.received.map((r) => r.envelopeTo)).toEqual([[member.email]]);
      expect(await status()).toBe('sent');

      // A day later the server is still down: the email is given up, kept as failed, and counted for staff.
      await catcher.stop();
      const stats = async () => (await get(t, '/api/admin/stats', staff.cookie)).json().failedEmails as number;
      const failedBefore = await stats();
      await notify([{ userId: member.me.id, type: 'post_solved', message: 'Solved', postId }]);
      expect(await runEmails()).toEqual({ completed: 0, failed: 1 });
      clock = new Date(Date.now() + 24 * HOUR + 60_000);
      await makeEmailsDue();
      expect(await runEmails()).toEqual({ completed: 1, failed: 0 });
      const failed = await sqlQuery<{ email_status: string; email_error: string }>(
        t,
        "SELECT email_status, email_error FROM notifications WHERE user_id = $1 AND type = 'post_solved'",
        [member.me.id],
      );
      expect(failed.rows[0]).toMatchObject({ email_status: 'failed' });
      expect(failed.rows[0]!.email_error).toBeTruthy();
      expect(await stats()).toBe(failedBefore + 1);
      clock = new Date();
      await catcher.start(smtpPort);
    });
  });
});
