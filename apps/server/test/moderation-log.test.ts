import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { LOG_PAGE_SIZE, MODERATION_ACTIONS } from '@fenestra/shared';
import { createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

describe('the moderation log', () => {
  let t: TestApp;
  let moderator: Awaited<ReturnType<typeof signUpMember>>;
  let member: Awaited<ReturnType<typeof signUpMember>>;
  beforeAll(async () => {
    t = await createTestApp();
    [moderator, member] = [await signUpMember(t.app), await signUpMember(t.app)];
    await makeStaff(t, moderator.me.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  it('one row per action, newest first, still there after the post is gone; staff only', async () => {
    const id = await insertPost(t, { status: 'pending', title: 'Garage door spring snapped overnight' });
    await post(t, `/api/admin/posts/${id}/approve`, moderator.cookie);
    await post(t, `/api/admin/posts/${id}/solve`, moderator.cookie);
    await post(t, `/api/admin/posts/${id}/reopen`, moderator.cookie);
    await post(t, `/api/admin/posts/${id}/unapprove`, moderator.cookie);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/posts/${id}`,
      headers: { origin: ORIGIN, cookie: moderator.cookie },
    });

    const res = await get(t, '/api/admin/log', moderator.cookie);
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries.filter((e: { targetId: string }) => e.targetId === id);
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'delete_post',
      'unapprove',
      'reopen',
      'solve',
      'approve',
    ]);
    expect(entries[0]).toMatchObject({
      actorUsername: moderator.me.username,
      targetType: 'post',
      targetLabel: 'Garage door spring snapped overnight',
    });
    expect((await get(t, '/api/admin/log')).statusCode).toBe(401);
    expect((await get(t, '/api/admin/log', member.cookie)).statusCode).toBe(403);
  });

  it('filters by action, actor and date, and pages by keyset', async () => {
    await sqlQuery(
      t,
      `INSERT INTO moderation_log (actor_id, actor_username, action, target_type, target_id, target_label, created_at)
      SELECT 'someone', 'OldHand', 'ban', 'user', 'u' || g, 'member' || g, timestamptz '2026-01-10T12:00:00Z' - g * interval '1 hour'
      FROM generate_series(1, $1) g`,
      [LOG_PAGE_SIZE + 3],
    );
    const bans = (await get(t, '/api/admin/log?action=ban&actor=oldhand', moderator.cookie)).json();
    expect(bans.entries).toHaveLength(LOG_PAGE_SIZE);
    expect(
      bans.entries.every(
        (e: { action: string; actorUsername: string }) => e.action === 'ban' && e.actorUsername === 'OldHand',
      ),
    ).toBe(true);
    const rest = (
      await get(t, `/api/admin/log?action=ban&actor=oldhand&cursor=${bans.nextCursor}`, moderator.cookie)
    ).json();
    expect(rest.entries.map((e: { targetLabel: string }) => e.targetLabel)).toEqual([
      `member${LOG_PAGE_SIZE + 1}`,
      `member${LOG_PAGE_SIZE + 2}`,
      `member${LOG_PAGE_SIZE + 3}`,
    ]);
    expect(rest.nextCursor).toBeNull();

    // 2026-01-10 holds the first 12 (hours 1 to 12 before noon).
    const day = (await get(t, '/api/admin/log?from=2026-01-10&to=2026-01-10', moderator.cookie)).json();
    expect(day.entries).toHaveLength(12);
    expect((await get(t, '/api/admin/log?action=approve&actor=OldHand', moderator.cookie)).json().entries).toEqual([]);
    expect((await get(t, '/api/admin/log?action=nonsense', moderator.cookie)).statusCode).toBe(400);
    expect((await get(t, '/api/admin/log?from=yesterday', moderator.cookie)).statusCode).toBe(400);
    expect(MODERATION_ACTIONS).toContain('ban_expired');
  });
});
