import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG, type AdminUser, type HeldReplies, type Reply, type ReplyPage } from '@fenestra/shared';
import { createTestApp, insertMember, type TestApp } from './helpers.js';
import { ask, askBody, get, insertPost, insertUpload, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { refreshTrustLevels } from '../src/modules/trust/service.js';

type Member = Awaited<ReturnType<typeof insertMember>>;
const DAY = 86_400_000;
const REPLY = 'Check the spline size before you buy a new roller.';

describe('trust levels: computed from history, locked by staff, and what level 0 may do', () => {
  let t: TestApp;
  // The app's clock: the job reads it, tests move it.
  let clock = Date.parse('2026-06-01T12:00:00Z');
  let staff: Member;

  beforeAll(async () => {
    t = await createTestApp({ AUTO_APPROVE_TRUSTED: 'true' }, { now: () => new Date(clock) });
    staff = await insertMember(t, { username: 'trust-staff' });
    await makeStaff(t, staff.me.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const runTrustJob = async () => {
    await t.app.services.jobs.send('refresh-trust-levels', {});
    expect(await t.app.services.jobs.runDue('refresh-trust-levels')).toEqual({ completed: 1, failed: 0 });
  };
  const trustOf = async (id: string) =>
    (
      await sqlQuery<{ trust_level: number; trust_reason: string }>(
        t,
        'SELECT trust_level, trust_reason FROM profiles WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  /** A member who signed up `days` before the clock, at level 0 until the job says otherwise. */
  const memberSince = async (days: number, username: string) => {
    const m = await insertMember(t, { username, trustLevel: 0 });
    await sqlQuery(t, 'UPDATE profiles SET created_at = $2 WHERE id = $1', [m.me.id, new Date(clock - days * DAY)]);
    return m;
  };
  const repliesBy = async (m: Member, n: number, helpful = 0) => {
    const postId = await insertPost(t);
    for (let i = 0; i < n; i++)
      await sqlQuery(t, 'INSERT INTO replies (post_id, user_id, content, helpful_count) VALUES ($1, $2, $3, $4)', [
        postId,
        m.me.id,
        REPLY,
        i === 0 ? helpful : 0,
      ]);
  };
  const reply = (m: Member, postId: string, body: object) => post(t, `/api/posts/${postId}/replies`, m.cookie, body);

  it('computes each level from fixture histories, with the reason staff read', async () => {
    const fresh = await memberSince(0, 'trust-fresh');
    await insertPost(t, { userId: fresh.me.id });
    const asker = await memberSince(3, 'trust-asker');
    await insertPost(t, { userId: asker.me.id });
    const replier = await memberSince(5, 'trust-replier');
    await repliesBy(replier, 3);
    const quiet = await memberSince(40, 'trust-quiet');
    const pending = await memberSince(40, 'trust-pending');
    await insertPost(t, { userId: pending.me.id, status: 'pending' });
    const expert = await memberSince(31, 'trust-expert');
    await repliesBy(expert, 20, 5);
    const answerer = await memberSince(31, 'trust-answerer');
    for (let i = 0; i < 5; i++) await insertPost(t, { userId: answerer.me.id });
    const solved = await insertPost(t, { status: 'solved' });
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      'INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, $3) RETURNING id',
      [solved, answerer.me.id, REPLY],
    );
    await sqlQuery(t, 'UPDATE posts SET accepted_reply_id = $2 WHERE id = $1', [solved, rows[0]!.id]);
    const noHelp = await memberSince(31, 'trust-nohelp');
    await repliesBy(noHelp, 20, 4);

    await runTrustJob();
    expect(await trustOf(fresh.me.id)).toMatchObject({ trust_level: 0 });
    expect((await trustOf(fresh.me.id)).trust_reason).toBe(
      'New: 1 approved question, 0 replies, 0 helpful marks, 0 accepted answers, 0 days since sign-up',
    );
    expect((await trustOf(asker.me.id)).trust_level).toBe(1);
    expect((await trustOf(replier.me.id)).trust_reason).toMatch(/^Member: 0 approved questions, 3 replies/);
    expect((await trustOf(quiet.me.id)).trust_level).toBe(0);
    expect((await trustOf(pending.me.id)).trust_level).toBe(0);
    expect((await trustOf(expert.me.id)).trust_reason).toBe(
      'Trusted: 0 approved questions, 20 replies, 5 helpful marks, 0 accepted answers, 31 days since sign-up',
    );
    expect((await trustOf(answerer.me.id)).trust_level).toBe(2);
    expect((await trustOf(noHelp.me.id)).trust_level).toBe(1);

    // Two days later the fresh member has waited long enough.
    clock += 2 * DAY;
    await runTrustJob();
    expect((await trustOf(fresh.me.id)).trust_level).toBe(1);
  });

  it('drops a member back to New while an upheld flag is younger than 30 days', async () => {
    const m = await memberSince(10, 'trust-flagged');
    await insertPost(t, { userId: m.me.id });
    await runTrustJob();
    expect((await trustOf(m.me.id)).trust_level).toBe(1);
    await sqlQuery(
      t,
      `INSERT INTO flags (target_type, target_id, post_id, target_author_id, user_id, reason, status, resolved_at)
       VALUES ('post', gen_random_uuid(), gen_random_uuid(), $1, $2, 'spam', 'upheld', $3)`,
      [m.me.id, staff.me.id, new Date(clock - DAY)],
    );
    await runTrustJob();
    expect(await trustOf(m.me.id)).toMatchObject({ trust_level: 0 });
    expect((await trustOf(m.me.id)).trust_reason).toMatch(/1 upheld flag in 30 days$/);
    clock += 30 * DAY;
    await runTrustJob();
    expect((await trustOf(m.me.id)).trust_level).toBe(1);
  });

  it('lets staff lock a level (Leader only this way) the job leaves alone, and unlock it', async () => {
    const m = await memberSince(1, 'trust-leader');
    const lock = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${m.me.id}/trust`,
      headers: { origin: 'http://localhost:3000', cookie: staff.cookie },
      payload: { level: 3, locked: true },
    });
    expect(lock.statusCode).toBe(200);
    expect(lock.json<AdminUser>()).toMatchObject({
      trustLevel: 3,
      trustLocked: true,
      trustReason: 'Leader: locked by trust-staff',
    });
    await runTrustJob();
    expect((await trustOf(m.me.id)).trust_level).toBe(3);
    const list = await get(t, `/api/admin/users?q=trust-leader`, staff.cookie);
    expect(list.json().users[0]).toMatchObject({ trustLevel: 3, trustLocked: true });
    const log = await sqlQuery(t, "SELECT reason FROM moderation_log WHERE action = 'trust_lock' AND target_id = $1", [
      m.me.id,
    ]);
    expect(log.rows).toEqual([{ reason: 'Locked at Leader' }]);

    const unlock = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${m.me.id}/trust`,
      headers: { origin: 'http://localhost:3000', cookie: staff.cookie },
      payload: { level: 3, locked: false },
    });
    expect(unlock.json<AdminUser>()).toMatchObject({ trustLevel: 0, trustLocked: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${m.me.id}/trust`,
      headers: { origin: 'http://localhost:3000', cookie: staff.cookie },
      payload: { level: 7, locked: true },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("holds a new member's reply to 2 links, 1 photo and 2 mentions, with the product's words", async () => {
    const newbie = await insertMember(t, { username: 'trust-newbie', trustLevel: 0 });
    const member = await insertMember(t, { username: 'trust-member' });
    for (const name of ['trust-a', 'trust-b', 'trust-c']) await insertMember(t, { username: name });
    const postId = await insertPost(t, { userId: staff.me.id });
    const links = `${REPLY} https://a.example/1 https://b.example/2 https://c.example/3`;
    const tooManyLinks = await reply(newbie, postId, { content: links });
    expect(tooManyLinks.statusCode).toBe(400);
    expect(tooManyLinks.json()).toMatchObject({ message: MSG.newMemberLinks, field: 'content' });
    const mentions = await reply(newbie, postId, { content: `${REPLY} @trust-a @trust-b @trust-c` });
    expect(mentions.json().message).toBe(MSG.newMemberMentions);
    const photos = [
      (await insertUpload(t, newbie.me.id, 'image')).id,
      (await insertUpload(t, newbie.me.id, 'image')).id,
    ];
    const twoPhotos = await reply(newbie, postId, { content: REPLY, imageUploadIds: photos });
    expect(twoPhotos.json()).toMatchObject({ message: MSG.newMemberPhotos, field: 'imageUploadIds' });
    // Level 1: SPEC's limits.
    expect((await reply(member, postId, { content: links })).statusCode).toBe(201);
  });

  it("keeps a new member's first reply for review, then lets the next ones through; 3 replies an hour", async () => {
    const asker = await insertMember(t, { username: 'trust-op' });
    const newbie = await insertMember(t, { username: 'trust-first', trustLevel: 0 });
    const postId = await insertPost(t, { userId: asker.me.id, title: 'Door closer leaks oil' });
    const first = await reply(newbie, postId, { content: REPLY });
    expect(first.statusCode).toBe(201);
    const held = first.json<Reply>();
    expect(held.held).toBe('pending');
    const shown = async () => (await get(t, `/api/posts/${postId}/replies`)).json<ReplyPage>().replies.map((r) => r.id);
    expect(await shown()).toEqual([]);
    const told = async () =>
      (await sqlQuery(t, "SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'new_reply'", [asker.me.id]))
        .rowCount;
    expect(await told()).toBe(0);
    const queue = (await get(t, '/api/admin/pending-replies', staff.cookie)).json<HeldReplies>();
    expect(queue.replies.find((r) => r.id === held.id)).toMatchObject({ postTitle: 'Door closer leaks oil' });
    const own = (await get(t, `/api/posts/${postId}/held-replies`, newbie.cookie)).json<HeldReplies>();
    expect(own.replies.map((r) => r.held)).toEqual(['pending']);

    const approve = await post(t, `/api/admin/replies/${held.id}/approve`, staff.cookie);
    expect(approve.json()).toMatchObject({ message: MSG.replyApproved });
    expect(await shown()).toEqual([held.id]);
    expect(await told()).toBe(1);
    expect((await post(t, `/api/admin/replies/${held.id}/approve`, staff.cookie)).statusCode).toBe(409);

    const second = await reply(newbie, postId, { content: REPLY });
    expect(second.json<Reply>().held).toBeUndefined();
    expect((await reply(newbie, postId, { content: REPLY })).statusCode).toBe(201);
    const fourth = await reply(newbie, postId, { content: REPLY });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(MSG.newMemberRepliesPerHour);
  });

  it("approves a trusted member's question at once when AUTO_APPROVE_TRUSTED is on, and logs it", async () => {
    const trusted = await insertMember(t, { username: 'trust-auto', trustLevel: 2 });
    const member = await insertMember(t, { username: 'trust-waits' });
    const quick = await ask(t, trusted.cookie, askBody());
    expect(quick.json()).toMatchObject({ status: 'open' });
    expect((await get(t, `/api/posts/${quick.json().id}`)).statusCode).toBe(200);
    const log = await sqlQuery(t, 'SELECT action, reason FROM moderation_log WHERE target_id = $1', [quick.json().id]);
    expect(log.rows).toEqual([{ action: 'auto_approve', reason: 'auto-approved (trusted)' }]);
    expect((await ask(t, member.cookie, askBody())).json()).toMatchObject({ status: 'pending' });
  });

  it('follows the thresholds and the trusted flag weight an admin sets at /admin/settings', async () => {
    const admin = await insertMember(t, { username: 'trust-admin' });
    await makeStaff(t, admin.me.id, 'admin');
    const settings = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { origin: 'http://localhost:3000', cookie: admin.cookie },
        payload,
      });
    const twoReplies = await memberSince(3, 'trust-two-replies');
    await repliesBy(twoReplies, 2);
    const helpful4 = await memberSince(31, 'trust-helpful-4');
    await repliesBy(helpful4, 20, 4);
    await runTrustJob();
    expect((await trustOf(twoReplies.me.id)).trust_level).toBe(0);
    expect((await trustOf(helpful4.me.id)).trust_level).toBe(1);

    const bad = await settings({ trustMemberReplies: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: expect.stringContaining('trustMemberReplies') });
    expect(
      (await settings({ trustMemberReplies: 2, trustTrustedHelpfulMarks: 4, trustedFlagWeight: 1 })).statusCode,
    ).toBe(200);
    await runTrustJob();
    expect((await trustOf(twoReplies.me.id)).trust_level).toBe(1);
    expect((await trustOf(helpful4.me.id)).trust_reason).toMatch(/^Trusted: /);
    // A trusted member's flag now weighs 1: it no longer hides on its own.
    const postId = await insertPost(t, { userId: staff.me.id });
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      'INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, $3) RETURNING id',
      [postId, twoReplies.me.id, REPLY],
    );
    const flagged = await post(t, `/api/replies/${rows[0]!.id}/flag`, helpful4.cookie, { reason: 'spam' });
    expect(flagged.json()).toMatchObject({ hidden: false });
    expect((await sqlQuery(t, 'SELECT weight FROM flags WHERE target_id = $1', [rows[0]!.id])).rows).toEqual([
      { weight: 1 },
    ]);
    expect(
      (await settings({ trustMemberReplies: 3, trustTrustedHelpfulMarks: 5, trustedFlagWeight: 3 })).statusCode,
    ).toBe(200);
  });

  it('reads the members a page at a time and reaches those past the first page', async () => {
    const askers = [];
    for (let i = 0; i < 5; i++) {
      const m = await memberSince(3, `trust-page-${i}`);
      await insertPost(t, { userId: m.me.id });
      askers.push(m);
    }
    // Pages of two: every unlocked member of the forum is read, the last page short.
    await refreshTrustLevels(t.app.services.database.db, new Date(clock), undefined, undefined, 2);
    for (const m of askers) expect((await trustOf(m.me.id)).trust_level).toBe(1);
  });
});
