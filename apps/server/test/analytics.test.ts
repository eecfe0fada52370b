import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ANALYTICS_MSG } from '@fenestra/shared';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, sqlQuery } from './post-fixtures.js';

type Member = Awaited<ReturnType<typeof signUpMember>>;

// A hand-built fortnight. The period asked for is Wed 2026-03-04 to Tue 2026-03-10 (UTC), so it cuts
// ISO week 10 (Mon 03-02) to Wed-Sun and week 11 (Mon 03-09) to Mon-Tue. Every expected figure
// below is counted by hand from these rows.
const at = (iso: string) => new Date(`${iso}Z`);

describe('analytics', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let staff: Member;
  let member: Member;

  const reply = (postId: string, by: Member, when: string) =>
    sqlQuery(t, 'INSERT INTO replies (post_id, user_id, content, created_at) VALUES ($1, $2, $3, $4)', [
      postId,
      by.me.id,
      'A reply long enough to be a reply.',
      at(when),
    ]);
  const log = (action: string, targetId: string, when: string) =>
    sqlQuery(
      t,
      "INSERT INTO moderation_log (actor_id, actor_username, action, target_type, target_id, created_at) VALUES ($1, $2, $3, 'post', $4, $5)",
      [staff.me.id, staff.me.username, action, targetId, at(when)],
    );
  const tag = (postId: string, tags: string[]) =>
    Promise.all(
      tags.map((name) => sqlQuery(t, 'INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)', [postId, name])),
    );
  const newPost = async (
    by: Member,
    status: 'open' | 'solved' | 'pending' | 'denied',
    topic: string,
    created: string,
    tags: string[] = [],
  ) => {
    const id = await insertPost(t, { userId: by.me.id, status, topic, createdAt: at(created) });
    await tag(id, tags);
    return id;
  };
  const report = async (query: string, cookie = staff.cookie) => {
    const res = await get(t, `/api/admin/analytics${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob, staff, member] = [
      await signUpMember(t.app),
      await signUpMember(t.app),
      await signUpMember(t.app),
      await signUpMember(t.app),
    ];
    await makeStaff(t, staff.me.id, 'moderator');

    // p0: created before the period, approved inside it (week 10), answered inside it.
    const p0 = await newPost(alice, 'open', 'windows', '2026-03-03T10:00:00', ['roller']);
    await log('approve', p0, '2026-03-04T09:00:00');
    await reply(p0, bob, '2026-03-04T12:00:00');
    // p1: solved; the author's own reply comes first and does not count as the first reply (3.0 h).
    const p1 = await newPost(alice, 'solved', 'doors', '2026-03-04T08:00:00', ['roller', 'slider']);
    await log('approve', p1, '2026-03-04T10:00:00');
    await reply(p1, alice, '2026-03-04T09:00:00');
    await reply(p1, bob, '2026-03-04T11:00:00');
    // p2: public without an approval row (made public at creation); its only reply is its author's.
    const p2 = await newPost(bob, 'open', 'windows', '2026-03-05T00:30:00', ['crank', 'roller']);
    await reply(p2, bob, '2026-03-05T02:00:00');
    // An approval of a post deleted since: a decision that week, but no post to count as made public.
    await log('approve', '00000000-0000-4000-8000-000000000001', '2026-03-05T09:00:00');
    // p3: created in week 10 (first reply after 5.0 h), approved in week 11, solved now.
    const p3 = await newPost(alice, 'solved', 'windows', '2026-03-06T20:00:00', ['roller', 'crank']);
    await reply(p3, staff, '2026-03-07T01:00:00');
    await log('approve', p3, '2026-03-09T08:00:00');
    await reply(p3, bob, '2026-03-09T15:00:00');
    // Nothing public on 03-07 and 03-08: a pending post, and a denied one with a reply written while it was pending.
    await newPost(bob, 'pending', 'doors', '2026-03-07T12:00:00', ['roller']);
    const p5 = await newPost(alice, 'denied', 'doors', '2026-03-08T12:00:00', ['crank']);
    await reply(p5, bob, '2026-03-08T13:00:00');
    await log('deny', p5, '2026-03-08T15:00:00');
    // p6: week 11, first reply after 24 h 10 min (24.2 h).
    const p6 = await newPost(bob, 'open', 'glazing', '2026-03-09T06:00:00', [
      'putty',
      'glass',
      'bead',
      'sash',
      'hinge',
    ]);
    await log('approve', p6, '2026-03-09T07:00:00');
    await reply(p6, alice, '2026-03-10T06:10:00');
    // p10: approved and unapproved again in week 11: it was made public that week, and is not solved.
    const p10 = await newPost(alice, 'pending', 'doors', '2026-03-09T10:00:00', ['roller']);
    await log('approve', p10, '2026-03-09T11:00:00');
    await log('unapprove', p10, '2026-03-09T12:00:00');
    const p9 = await newPost(bob, 'denied', 'misc', '2026-03-10T11:00:00');
    await log('deny', p9, '2026-03-10T12:00:00');
    // p7: the period's last second; approved only after the period ends; never answered.
    const p7 = await newPost(alice, 'open', 'screens', '2026-03-10T23:59:59', [
      'spline',
      'mesh',
      'frame',
      'corner',
      'tool',
    ]);
    await log('approve', p7, '2026-03-11T01:00:00');
    // p8: the first second after the period.
    await newPost(alice, 'open', 'windows', '2026-03-11T00:00:00', ['roller']);
  });
  afterAll(async () => {
    await t.close();
  });

  const PERIOD = '?from=2026-03-04&to=2026-03-10';

  it('is closed to visitors (401) and members (403)', async () => {
    expect((await get(t, `/api/admin/analytics${PERIOD}`)).statusCode).toBe(401);
    expect((await get(t, `/api/admin/analytics${PERIOD}`, member.cookie)).statusCode).toBe(403);
    expect((await get(t, `/api/admin/analytics${PERIOD}`, alice.cookie)).statusCode).toBe(403);
  });

  it('counts public posts and replies on public posts per UTC day, zero days included', async () => {
    const r = await report(PERIOD);
    expect(r.from).toBe('2026-03-04');
    expect(r.to).toBe('2026-03-10');
    expect(r.days).toEqual([
      { day: '2026-03-04', posts: 1, replies: 3, corrections: 0 },
      { day: '2026-03-05', posts: 1, replies: 1, corrections: 0 },
      { day: '2026-03-06', posts: 1, replies: 0, corrections: 0 },
      { day: '2026-03-07', posts: 0, replies: 1, corrections: 0 },
      { day: '2026-03-08', posts: 0, replies: 0, corrections: 0 },
      { day: '2026-03-09', posts: 1, replies: 1, corrections: 0 },
      { day: '2026-03-10', posts: 1, replies: 1, corrections: 0 },
    ]);
  });

  it('computes approval rate, solve rate and median first reply per ISO week, cut to the period', async () => {
    const r = await report(PERIOD);
    expect(r.weeks).toEqual([
      {
        week: '2026-W10',
        start: '2026-03-02',
        approvals: 3,
        denials: 1,
        approvalRate: 75,
        madePublic: 3,
        solved: 1,
        solveRate: 33.3,
        postsCreated: 3,
        answered: 2,
        medianFirstReplyHours: 4,
      },
      {
        week: '2026-W11',
        start: '2026-03-09',
        approvals: 3,
        denials: 1,
        approvalRate: 75,
        madePublic: 3,
        solved: 1,
        solveRate: 33.3,
        postsCreated: 2,
        answered: 1,
        medianFirstReplyHours: 24.2,
      },
    ]);
    expect(r.totals).toEqual({
      posts: 5,
      replies: 7,
      corrections: 0,
      approvals: 6,
      denials: 2,
      approvalRate: 75,
      madePublic: 6,
      solved: 2,
      solveRate: 33.3,
      postsCreated: 5,
      answered: 3,
      medianFirstReplyHours: 5,
    });
  });

  it('ranks the top 10 tags and counts posts per topic, public posts created in the period only', async () => {
    const r = await report(PERIOD);
    expect(r.topTags).toEqual([
      { tag: 'roller', posts: 3 },
      { tag: 'crank', posts: 2 },
      { tag: 'bead', posts: 1 },
      { tag: 'corner', posts: 1 },
      { tag: 'frame', posts: 1 },
      { tag: 'glass', posts: 1 },
      { tag: 'hinge', posts: 1 },
      { tag: 'mesh', posts: 1 },
      { tag: 'putty', posts: 1 },
      { tag: 'sash', posts: 1 },
    ]);
    expect(r.topics).toEqual([
      { topic: 'windows', posts: 2 },
      { topic: 'doors', posts: 1 },
      { topic: 'screens', posts: 1 },
      { topic: 'glazing', posts: 1 },
      { topic: 'misc', posts: 0 },
    ]);
  });

  it('answers an empty period with zeros and no rates', async () => {
    const r = await report('?from=2026-01-05&to=2026-01-11');
    expect(r.days).toHaveLength(7);
    expect(
      r.days.every(
        (d: { posts: number; replies: number; corrections: number }) => d.posts + d.replies + d.corrections === 0,
      ),
    ).toBe(true);
    expect(r.weeks).toEqual([
      {
        week: '2026-W02',
        start: '2026-01-05',
        approvals: 0,
        denials: 0,
        approvalRate: null,
        madePublic: 0,
        solved: 0,
        solveRate: null,
        postsCreated: 0,
        answered: 0,
        medianFirstReplyHours: null,
      },
    ]);
    expect(r.totals).toEqual({
      posts: 0,
      replies: 0,
      corrections: 0,
      approvals: 0,
      denials: 0,
      approvalRate: null,
      madePublic: 0,
      solved: 0,
      solveRate: null,
      postsCreated: 0,
      answered: 0,
      medianFirstReplyHours: null,
    });
    expect(r.topTags).toEqual([]);
    expect(r.topics.map((x: { posts: number }) => x.posts)).toEqual([0, 0, 0, 0, 0]);
    expect(r.correctionsEver).toBe(0);
  });

  it('refuses a malformed or reversed period with the message, and defaults to the last 30 days', async () => {
    for (const query of ['?from=2026-02-30&to=2026-03-10', '?from=yesterday', '?to=2026-3-1']) {
      const res = await get(t, `/api/admin/analytics${query}`, staff.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ANALYTICS_MSG.badDate);
    }
    for (const query of ['?from=2026-03-10&to=2026-03-04', '?from=2025-01-01&to=2026-03-04']) {
      const res = await get(t, `/api/admin/analytics${query}`, staff.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ANALYTICS_MSG.badRange);
    }
    const fallback = await report('');
    expect(fallback.days).toHaveLength(30);
    expect(fallback.days.at(-1).day).toBe(fallback.to);
    expect((await report('?to=2026-03-10')).from).toBe('2026-02-09');
  });

  it('counts detection corrections per day once staff have made any', async () => {
    for (const when of ['2026-03-06T10:00:00', '2026-03-06T11:00:00', '2026-03-10T23:00:00', '2026-02-01T10:00:00']) {
      await log('override_detection', '00000000-0000-4000-8000-000000000002', when);
    }
    const r = await report(PERIOD);
    expect(r.days.map((d: { corrections: number }) => d.corrections)).toEqual([0, 0, 2, 0, 0, 0, 1]);
    expect(r.totals.corrections).toBe(3);
    expect(r.correctionsEver).toBe(4);
  });
});
