import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { LIMITS, MSG } from '@fenestra/shared';
import { insertMember, createTestApp, type TestApp } from './helpers.js';
import { insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

// One reply naming 200 members sent 200 notifications and 200 emails: a reply names at most
// LIMITS.mentionsPerReply members, and a member receives at most LIMITS.notificationsPerMemberPerHour
// notifications an hour from what other members do.
describe('limits on mentions and notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const notificationsOf = async (userIds: string[], type: string) =>
    (
      await sqlQuery<{ n: number }>(
        t,
        'SELECT count(*)::int AS n FROM notifications WHERE user_id = ANY($1::text[]) AND type = $2',
        [userIds, type],
      )
    ).rows[0]!.n;
  const emailJobsOf = async (userIds: string[]) =>
    (
      await sqlQuery<{ n: number }>(
        t,
        `SELECT count(*)::int AS n FROM pgboss.job j JOIN notifications n ON n.id::text = j.data->>'notificationId'
         WHERE j.name = 'notification-email' AND n.user_id = ANY($1::text[])`,
        [userIds],
      )
    ).rows[0]!.n;

  it('refuses a reply that mentions more members than the limit, with the product message, and writes nothing', async () => {
    expect(LIMITS.mentionsPerReply).toBe(10);
    const named = await Promise.all(Array.from({ length: 11 }, (_, i) => insertMember(t, { username: `named_${i}` })));
    const writer = await insertMember(t);
    const postId = await insertPost(t);
    const ids = named.map((m) => m.me.id);
    const content = (n: number) =>
      `Ask these folks: ${named
        .slice(0, n)
        .map((m) => `@${m.me.username}`)
        .join(' ')}`;

    const refused = await post(t, `/api/posts/${postId}/replies`, writer.cookie, { content: content(11) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MSG.tooManyMentions });
    expect(await notificationsOf(ids, 'mention')).toBe(0);
    expect(await emailJobsOf(ids)).toBe(0);

    // The same name twice counts once; ten names are fine.
    const fine = await post(t, `/api/posts/${postId}/replies`, writer.cookie, {
      content: `${content(10)} and again @${named[0]!.me.username}`,
    });
    expect(fine.statusCode).toBe(201);
    expect(await notificationsOf(ids, 'mention')).toBe(10);
    expect(await emailJobsOf(ids)).toBe(10);
  });

  it('sends a member no more than their hourly share of what others do, but always what staff do', async () => {
    const target = await insertMember(t, { username: 'much_mentioned' });
    const staff = await insertMember(t);
    await makeStaff(t, staff.me.id);
    const postId = await insertPost(t);
    // Their share of the last hour is spent; an older one does not count.
    await sqlQuery(
      t,
      `INSERT INTO notifications (user_id, type, message, created_at)
       SELECT $1, 'mention', 'Someone mentioned you', now() - interval '10 minutes' FROM generate_series(1, $2)`,
      [target.me.id, LIMITS.notificationsPerMemberPerHour],
    );
    await sqlQuery(
      t,
      `INSERT INTO notifications (user_id, type, message, created_at)
       VALUES ($1, 'mention', 'Long ago', now() - interval '61 minutes')`,
      [target.me.id],
    );
    const before = await notificationsOf([target.me.id], 'mention');

    const writer = await insertMember(t);
    const reply = await post(t, `/api/posts/${postId}/replies`, writer.cookie, {
      content: `@${target.me.username} knows this latch well.`,
    });
    expect(reply.statusCode).toBe(201);
    expect(await notificationsOf([target.me.id], 'mention')).toBe(before);
    expect(await emailJobsOf([target.me.id])).toBe(0);

    // A pin by staff still reaches them.
    const replyOfTarget = await sqlQuery<{ id: string }>(
      t,
      `INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'A reply long enough to pin') RETURNING id`,
      [postId, target.me.id],
    );
    const pinned = await post(t, `/api/admin/replies/${replyOfTarget.rows[0]!.id}/pin`, staff.cookie);
    expect(pinned.statusCode).toBe(200);
    expect(await notificationsOf([target.me.id], 'reply_pinned')).toBe(1);

    // Once the hour has passed, mentions reach them again.
    await sqlQuery(t, `UPDATE notifications SET created_at = created_at - interval '1 hour' WHERE user_id = $1`, [
      target.me.id,
    ]);
    const again = await post(t, `/api/posts/${postId}/replies`, writer.cookie, {
      content: `@${target.me.username} what do you think of the keeper?`,
    });
    expect(again.statusCode).toBe(201);
    expect(await notificationsOf([target.me.id], 'mention')).toBe(before + 1);
  });
});
