import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { MSG, USER_PAGE_SIZE } from '@fenestra/shared';
import { EventStream } from './event-stream.js';
import { createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

type Member = Awaited<ReturnType<typeof signUpMember>>;
const DAY = 24 * 60 * 60 * 1000;

describe('user management', () => {
  let t: TestApp;
  let admin: Member;
  let moderator: Member;
  let member: Member;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, moderator, member] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
    await makeStaff(t, admin.me.id, 'admin');
    await makeStaff(t, moderator.me.id, 'moderator');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
  const profileOf = async (id: string) =>
    (
      await sqlQuery<{ status: string; ban_reason: string | null; ban_until: Date | null }>(
        t,
        'SELECT status, ban_reason, ban_until FROM profiles WHERE id = $1',
        [id],
      )
    ).rows[0];
  const logOf = async (targetId: string) =>
    (
      await sqlQuery<{ action: string; actor_id: string | null; target_label: string; reason: string | null }>(
        t,
        'SELECT action, actor_id, target_label, reason FROM moderation_log WHERE target_id = $1 ORDER BY created_at',
        [targetId],
      )
    ).rows;
  const sessionsOf = async (id: string) =>
    (await sqlQuery<{ n: number }>(t, 'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [id])).rows[0]!.n;
  const signIn = (who: Member) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      headers: { origin: ORIGIN },
      payload: { email: who.email, password: who.password },
    });

  it('lists members with emails, roles and real post counts; searches, filters, sorts and pages by 50', async () => {
    const label = `pager${Date.now() % 100000}`;
    // Members written straight to the tables (signing 55 up through the API would hash 55 passwords).
    const { rows: made } = await sqlQuery<{ id: string; email: string; username: string }>(
      t,
      `
      WITH u AS (
        INSERT INTO users (id, name, email, created_at)
        SELECT gen_random_uuid()::text, $1 || '-' || g, $1 || '-' || g || '@example.com', now() - (100 - g) * interval '1 minute'
        FROM generate_series(0, $2 - 1) g RETURNING id, name, email, created_at)
      INSERT INTO profiles (id, username, created_at) SELECT id, name, created_at FROM u
      RETURNING id, username, username || '@example.com' AS email`,
      [label, USER_PAGE_SIZE + 5],
    );
    made.sort((a, b) => Number(a.username.split('-')[1]) - Number(b.username.split('-')[1]));
    const busy = made[7]!;
    await insertPost(t, { userId: busy.id, status: 'open' });
    await sqlQuery(t, 'UPDATE profiles SET post_count = 1 WHERE id = $1', [busy.id]);

    const first = await get(t, `/api/admin/users?q=${label}`, moderator.cookie);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.users).toHaveLength(USER_PAGE_SIZE);
    expect(page1.matching).toBe(USER_PAGE_SIZE + 5);
    expect(page1.total).toBeGreaterThanOrEqual(USER_PAGE_SIZE + 8);
    expect(page1.users[0]).toMatchObject({
      username: `${label}-${USER_PAGE_SIZE + 4}`,
      email: made.at(-1)!.email,
      role: 'user',
      status: 'active',
      postCount: 0,
    });
    const page2 = (await get(t, `/api/admin/users?q=${label}&cursor=${page1.nextCursor}`, moderator.cookie)).json();
    expect(page2.users).toHaveLength(5);
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.users, ...page2.users].map((u: { username: string }) => u.username);
    expect(new Set(all).size).toBe(USER_PAGE_SIZE + 5);

    const active = (await get(t, `/api/admin/users?q=${label}&sort=most_active`, moderator.cookie)).json();
    expect(active.users[0]).toMatchObject({ username: busy.username, postCount: 1 });
    const oldest = (await get(t, `/api/admin/users?q=${label}&sort=oldest`, moderator.cookie)).json();
    expect(oldest.users[0].username).toBe(`${label}-0`);
    // A cursor made for another order is refused.
    expect(
      (await get(t, `/api/admin/users?q=${label}&sort=oldest&cursor=${page1.nextCursor}`, moderator.cookie)).statusCode,
    ).toBe(400);

    const byEmail = (
      await get(t, `/api/admin/users?q=${encodeURIComponent(member.email.toUpperCase())}`, moderator.cookie)
    ).json();
    expect(byEmail.users.map((u: { id: string }) => u.id)).toEqual([member.me.id]);
    const staff = (await get(t, '/api/admin/users?role=moderator', moderator.cookie)).json();
    expect(staff.users.map((u: { id: string }) => u.id)).toEqual([moderator.me.id]);
    expect((await get(t, '/api/admin/users?q=100%25_', moderator.cookie)).json().matching).toBe(0);

    expect((await get(t, '/api/admin/users')).statusCode).toBe(401);
    expect((await get(t, '/api/admin/users', member.cookie)).statusCode).toBe(403);
  });

  it('a 7-day ban ends sessions at once, blocks sign-in with the reason and end date, logs it and emails the member', async () => {
    const target = await signUpMember(t.app);
    expect((await get(t, '/api/me', target.cookie)).json().me).not.toBeNull();
    const res = await call('POST', `/api/admin/users/${target.me.id}/ban`, moderator.cookie, {
      reason: 'Spam links',
      duration: '7',
    });
    expect(res.statusCode).toBe(200);
    const until = new Date(res.json().banUntil);
    expect(res.json()).toMatchObject({ status: 'banned', banReason: 'Spam links' });
    expect(Math.round((until.getTime() - Date.now()) / DAY)).toBe(7);
    expect(await sessionsOf(target.me.id)).toBe(0);
    // The open session is a visitor's now: writes answer 401.
    expect((await post(t, `/api/posts/${await insertPost(t)}/like`, target.cookie)).statusCode).toBe(401);
    const refused = await signIn(target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'BANNED',
      message: MSG.bannedSignIn('Spam links', until.toISOString().slice(0, 10)),
    });
    expect(await logOf(target.me.id)).toEqual([
      { action: 'ban', actor_id: moderator.me.id, target_label: target.me.username, reason: 'Spam links' },
    ]);
    const mail = await sqlQuery<{ data: { to: string; text: string; html: string } }>(
      t,
      "SELECT data FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = $1",
      [target.email],
    );
    expect(mail.rows[0]!.data.text).toContain('Spam links');
    expect(mail.rows[0]!.data.text).toContain(until.toISOString().slice(0, 10));
    // Like every email about what happened: an HTML part too, in the one layout (decision 032).
    expect(mail.rows[0]!.data.html).toContain('Spam links');
    expect(mail.rows[0]!.data.html).toContain('<meta name="color-scheme" content="light dark">');

    // Re-banning replaces the end and the reason; the list shows it.
    await call('POST', `/api/admin/users/${target.me.id}/ban`, moderator.cookie, { reason: 'Repeated spam' });
    expect(await profileOf(target.me.id)).toEqual({ status: 'banned', ban_reason: 'Repeated spam', ban_until: null });
    const listed = (await get(t, `/api/admin/users?status=banned&q=${target.me.username}`, moderator.cookie)).json();
    expect(listed.users).toMatchObject([
      { id: target.me.id, status: 'banned', banReason: 'Repeated spam', banUntil: null },
    ]);

    const unban = await call('POST', `/api/admin/users/${target.me.id}/unban`, moderator.cookie);
    expect(unban.json()).toMatchObject({ status: 'active', banReason: null });
    expect((await signIn(target)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/users/${target.me.id}/unban`, moderator.cookie)).statusCode).toBe(409);
    expect((await logOf(target.me.id)).map((r) => r.action)).toEqual(['ban', 'ban', 'unban']);
  });

  it('a ban closes the member’s open event streams at once', async () => {
    const target = await signUpMember(t.app);
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await EventStream.open(`http://127.0.0.1:${port}`, { cookie: target.cookie });
    await call('POST', `/api/admin/users/${target.me.id}/ban`, moderator.cookie, { reason: 'Spam' });
    await stream.next('session.revoked');
    await stream.closed;
  });

  it('a member whose banned preference is off gets no email', async () => {
    const quiet = await signUpMember(t.app);
    await sqlQuery(
      t,
      `UPDATE profiles SET email_preferences = email_preferences || '{"banned": false}' WHERE id = $1`,
      [quiet.me.id],
    );
    await call('POST', `/api/admin/users/${quiet.me.id}/ban`, admin.cookie, { reason: 'Quiet ban' });
    expect(
      (await sqlQuery(t, "SELECT 1 FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = $1", [quiet.email]))
        .rows,
    ).toEqual([]);
  });

  it.each([
    ['no reason', {}, MSG.banReasonPrompt],
    ['a blank reason', { reason: '   ' }, MSG.banReasonPrompt],
    ['a reason of 501 characters', { reason: 'r'.repeat(501) }, MSG.reasonTooLong],
    ['an unknown duration', { reason: 'Spam', duration: '14' }, null],
  ])('a ban with %s is refused and changes nothing', async (_case, body, message) => {
    const res = await call('POST', `/api/admin/users/${member.me.id}/ban`, moderator.cookie, body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await profileOf(member.me.id))!.status).toBe('active');
  });

  it('an expired ban is lifted by the job and logged as ban_expired; a permanent one stays', async () => {
    const timed = await signUpMember(t.app);
    const forever = await signUpMember(t.app);
    await call('POST', `/api/admin/users/${timed.me.id}/ban`, admin.cookie, { reason: 'Cool off', duration: '30' });
    await call('POST', `/api/admin/users/${forever.me.id}/ban`, admin.cookie, {
      reason: 'Gone',
      duration: 'permanent',
    });
    await sqlQuery(t, "UPDATE profiles SET ban_until = now() - interval '1 minute' WHERE id = $1", [timed.me.id]);

    await t.app.services.jobs.send('lift-expired-bans', {});
    expect(await t.app.services.jobs.runDue('lift-expired-bans')).toEqual({ completed: 1, failed: 0 });
    expect(await profileOf(timed.me.id)).toEqual({ status: 'active', ban_reason: null, ban_until: null });
    expect((await profileOf(forever.me.id))!.status).toBe('banned');
    expect(await logOf(timed.me.id)).toMatchObject([
      { action: 'ban' },
      { action: 'ban_expired', actor_id: null, target_label: timed.me.username },
    ]);
    expect((await signIn(timed)).statusCode).toBe(200);
  });

  it('staff limits: nobody bans or deletes themselves, moderators leave admins alone and change no roles', async () => {
    const other = await signUpMember(t.app);
    await makeStaff(t, other.me.id, 'admin');
    expect(
      (await call('POST', `/api/admin/users/${moderator.me.id}/ban`, moderator.cookie, { reason: 'x' })).json().message,
    ).toBe(MSG.cannotActOnSelf);
    expect(
      (await call('DELETE', `/api/admin/users/${admin.me.id}`, admin.cookie, { confirm: 'CONFIRM' })).statusCode,
    ).toBe(403);
    const banAdmin = await call('POST', `/api/admin/users/${other.me.id}/ban`, moderator.cookie, { reason: 'x' });
    expect(banAdmin.statusCode).toBe(403);
    expect(banAdmin.json().message).toBe(MSG.moderatorCannotTouchAdmin);
    expect(
      (await call('DELETE', `/api/admin/users/${other.me.id}`, moderator.cookie, { confirm: 'CONFIRM' })).statusCode,
    ).toBe(403);
    const modRole = await call('PUT', `/api/admin/users/${member.me.id}/role`, moderator.cookie, { role: 'moderator' });
    expect(modRole.statusCode).toBe(403);
    expect(modRole.json().message).toBe(MSG.onlyAdminsChangeRoles);
    expect((await profileOf(other.me.id))!.status).toBe('active');
    await sqlQuery(t, 'DELETE FROM user_roles WHERE user_id = $1', [other.me.id]);
  });

  it('role changes: admins set any role, user removes the row, the last admin cannot be demoted; each is logged', async () => {
    const target = await signUpMember(t.app);
    const setRole = (role: string, who = target) =>
      call('PUT', `/api/admin/users/${who.me.id}/role`, admin.cookie, { role });
    expect((await setRole('moderator')).json()).toMatchObject({ role: 'moderator' });
    expect((await get(t, '/api/admin/stats', target.cookie)).statusCode).toBe(200);
    expect((await setRole('user')).json()).toMatchObject({ role: 'user' });
    expect((await sqlQuery(t, 'SELECT 1 FROM user_roles WHERE user_id = $1', [target.me.id])).rows).toEqual([]);
    expect((await get(t, '/api/admin/stats', target.cookie)).statusCode).toBe(403);
    expect((await setRole('owner')).statusCode).toBe(400);
    expect((await logOf(target.me.id)).map((r) => r.reason)).toEqual(['user → moderator', 'moderator → user']);

    const admins = (await sqlQuery<{ n: number }>(t, "SELECT count(*)::int AS n FROM user_roles WHERE role = 'admin'"))
      .rows[0]!.n;
    expect(admins).toBe(1);
    const demoteSelf = await setRole('moderator', admin);
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().message).toBe(MSG.lastAdminDemote);
    expect((await setRole('admin')).json().role).toBe('admin');
    expect((await setRole('moderator', admin)).json().role).toBe('moderator');
    expect(
      (await call('PUT', `/api/admin/users/${admin.me.id}/role`, target.cookie, { role: 'admin' })).json().role,
    ).toBe('admin');
  });

  it('delete needs the exact word CONFIRM, removes the account like the settings page does, and its log row stays', async () => {
    const target = await signUpMember(t.app);
    const postId = await insertPost(t, { userId: target.me.id, status: 'open' });
    await post(t, `/api/posts/${postId}/like`, target.cookie);
    for (const confirm of ['confirm', 'CONFIRM ', '', undefined]) {
      const res = await call(
        'DELETE',
        `/api/admin/users/${target.me.id}`,
        admin.cookie,
        confirm === undefined ? {} : { confirm },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.confirmWord('CONFIRM'));
    }
    expect(await profileOf(target.me.id)).toBeDefined();
    const res = await call('DELETE', `/api/admin/users/${target.me.id}`, moderator.cookie, { confirm: 'CONFIRM' });
    expect(res.statusCode).toBe(200);
    expect(await profileOf(target.me.id)).toBeUndefined();
    expect((await sqlQuery(t, 'SELECT 1 FROM users WHERE id = $1', [target.me.id])).rows).toEqual([]);
    expect(
      (
        await sqlQuery<{ vote_count: number; user_id: string | null }>(
          t,
          'SELECT vote_count, user_id FROM posts WHERE id = $1',
          [postId],
        )
      ).rows[0],
    ).toEqual({ vote_count: 0, user_id: null });
    expect(await logOf(target.me.id)).toEqual([
      { action: 'delete_user', actor_id: moderator.me.id, target_label: target.me.username, reason: null },
    ]);
    expect(
      (await call('DELETE', `/api/admin/users/${target.me.id}`, moderator.cookie, { confirm: 'CONFIRM' })).statusCode,
    ).toBe(404);
  });
});

/** Members without a password, written straight to the tables (no hashing), joined at the given times; returns their ids. */
async function insertMembers(t: TestApp, joinedAt: Date[]): Promise<string[]> {
  const ids: string[] = [];
  for (const at of joinedAt) {
    const id = crypto.randomUUID();
    const name = `m${id.slice(0, 8)}`;
    await sqlQuery(t, 'INSERT INTO users (id, name, email, created_at) VALUES ($1, $2, $3, $4)', [
      id,
      name,
      `${name}@example.com`,
      at,
    ]);
    await sqlQuery(t, 'INSERT INTO profiles (id, username, created_at) VALUES ($1, $2, $3)', [id, name, at]);
    ids.push(id);
  }
  return ids;
}

describe('the stat cards under a fixed clock', () => {
  const NOW = new Date('2026-03-15T12:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts members, joins this week, bans and staff, with three week-on-week trends', async () => {
    const staff = await signUpMember(t.app);
    await makeStaff(t, staff.me.id, 'admin');
    // Joined: 5 a week or more before NOW (staff included; 2 of them in the week before), 4 this week, one after NOW (not yet).
    await sqlQuery(t, 'UPDATE profiles SET created_at = $2 WHERE id = $1', [
      staff.me.id,
      new Date(NOW.getTime() - 40 * DAY),
    ]);
    const members = await insertMembers(
      t,
      [30, 20, 10, 9, 3, 2, 1, 0.5, -1].map((days) => new Date(NOW.getTime() - days * DAY)),
    );
    // Two banned now (one's ban ended before NOW, so it does not count); bans logged: 3 this week, 1 the week before.
    await sqlQuery(t, "UPDATE profiles SET status = 'banned', ban_reason = 'x' WHERE id = ANY($1)", [
      [members[0], members[1]],
    ]);
    await sqlQuery(t, "UPDATE profiles SET status = 'banned', ban_reason = 'x', ban_until = $2 WHERE id = $1", [
      members[2],
      new Date(NOW.getTime() - DAY),
    ]);
    for (const daysAgo of [1, 2, 6, 10]) {
      await sqlQuery(
        t,
        "INSERT INTO moderation_log (action, target_type, target_id, created_at) VALUES ('ban', 'user', 'x', $1)",
        [new Date(NOW.getTime() - daysAgo * DAY)],
      );
    }
    await sqlQuery(
      t,
      "INSERT INTO moderation_log (action, target_type, target_id, created_at) VALUES ('ban', 'user', 'x', $1)",
      [new Date(NOW.getTime() + DAY)],
    );

    const res = await get(t, '/api/admin/users/stats', staff.cookie);
    expect(res.statusCode).toBe(200);
    // 9 members by NOW against 5 a week earlier: +80%; 4 joins against 2: +100%; 3 bans against 1: +200%.
    expect(res.json()).toEqual({
      total: 9,
      activeThisWeek: 4,
      banned: 2,
      bannedPercent: 22.2,
      staff: 1,
      trends: { total: 80, active: 100, banned: 200 },
    });
  });

  it('shows no trend when the earlier week had nothing', async () => {
    const fresh = await createTestApp({}, { now: () => NOW });
    try {
      const staff = await signUpMember(fresh.app);
      await makeStaff(fresh, staff.me.id, 'moderator');
      await sqlQuery(fresh, 'UPDATE profiles SET created_at = $1', [new Date(NOW.getTime() - DAY)]);
      expect((await get(fresh, '/api/admin/users/stats', staff.cookie)).json()).toEqual({
        total: 1,
        activeThisWeek: 1,
        banned: 0,
        bannedPercent: 0,
        staff: 1,
        trends: { total: null, active: null, banned: null },
      });
    } finally {
      await fresh.close();
    }
  });
});
