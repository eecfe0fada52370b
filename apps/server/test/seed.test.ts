import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, POST_STATUSES, TOPICS, type PostVideo } from '@fenestra/shared';
import { seedDemo } from '../src/ops/seed/demo.js';
import { seedIfEmpty } from '../src/ops/seed/index.js';
import { parsePublicUrl } from '../src/adapters/storage/storage.js';
import { readVideoDuration } from '../src/adapters/media/video.js';
import { createTestApp, cookieFrom, ORIGIN, type TestApp } from './helpers.js';

const logged: string[] = [];
const log = {
  info: (m: string) => {
    logged.push(m);
  },
};

describe('demo seed', () => {
  let t: TestApp;
  let credentials: { adminEmail: string; adminPassword: string };
  const q = async <T>(text: string) => (await t.app.services.database.pool.query(text)).rows as T[];

  beforeAll(async () => {
    t = await createTestApp();
    credentials = await seedDemo(t.app.services.database.db, t.config, log);
  });
  afterAll(async () => {
    await t.close();
  });

  // Its duration is in that log line (a figure to read, not a test: tests never time themselves).
  it('says what it loaded', () => {
    expect(logged.join('\n')).toMatch(/Demo seed: \d+ members, \d+ posts, \d+ pictures, \d+ videos in \d+ ms/);
  });

  it('has edited posts with their revisions, accepted answers and exact helpful counts (issue 23)', async () => {
    const [row] = await q<{ edited: number; revised: number; accepted: number; wrong: number; helpful: number }>(`
      SELECT (SELECT count(*)::int FROM posts WHERE edited_at IS NOT NULL AND version = 2) AS edited,
             (SELECT count(DISTINCT post_id)::int FROM revisions WHERE reply_id IS NULL) AS revised,
             (SELECT count(*)::int FROM posts WHERE accepted_reply_id IS NOT NULL AND status = 'solved') AS accepted,
             (SELECT count(*)::int FROM replies r
               WHERE helpful_count <> (SELECT count(*) FROM reply_helpful h WHERE h.reply_id = r.id)) AS wrong,
             (SELECT count(*)::int FROM reply_helpful) AS helpful`);
    expect(row!.edited).toBeGreaterThanOrEqual(2);
    expect(row!.revised).toBe(row!.edited);
    expect(row!.accepted).toBeGreaterThanOrEqual(2);
    expect(row!.helpful).toBeGreaterThan(0);
    expect(row!.wrong).toBe(0);
    const [edited] = await q<{ id: string }>('SELECT id FROM posts WHERE edited_at IS NOT NULL LIMIT 1');
    const history = await t.app.inject({ method: 'GET', url: `/api/posts/${edited!.id}/revisions` });
    expect(history.json().revisions).toHaveLength(1);
  });

  it('creates an admin, a moderator and at least a dozen members', async () => {
    const roles = await q<{ role: string; email: string }>(
      `SELECT r.role, u.email FROM user_roles r JOIN users u ON u.id = r.user_id ORDER BY r.role`,
    );
    expect(roles).toEqual([
      { role: 'admin', email: 'admin@fenestra.local' },
      { role: 'moderator', email: 'moderator@fenestra.local' },
    ]);
    const [admin] = await q<{ username: string }>(
      `SELECT p.username FROM profiles p JOIN users u ON u.id = p.id WHERE u.email = 'admin@fenestra.local'`,
    );
    expect(admin?.username).toBe('fenestra-admin');
    const [counts] = await q<{ members: number; profiles: number; accounts: number; recent: number; avatars: number }>(`
      SELECT (SELECT count(*)::int FROM users u WHERE NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id)) AS members,
             (SELECT count(*)::int FROM profiles) AS profiles,
             (SELECT count(*)::int FROM accounts WHERE provider_id = 'credential') AS accounts,
             (SELECT count(*)::int FROM profiles WHERE created_at > now() - interval '7 days') AS recent,
             (SELECT count(*)::int FROM profiles WHERE avatar_url IN ('🪟','🚪','🔧','🔨','🏠')) AS avatars`);
    expect(counts!.members).toBeGreaterThanOrEqual(12);
    expect(counts!.profiles).toBe(counts!.members + 2);
    expect(counts!.accounts).toBe(counts!.profiles);
    expect(counts!.recent).toBeGreaterThanOrEqual(2);
    expect(counts!.avatars).toBeGreaterThanOrEqual(3);
  });

  it('writes about 40 valid posts in every status and topic', async () => {
    const rows = await q<{
      topic: string;
      status: string;
      title: string;
      description: string;
      denial_reason: string | null;
      age_days: number;
    }>(
      `SELECT topic, status, title, description, denial_reason, (extract(epoch FROM now() - created_at) / 86400)::float8 AS age_days FROM posts`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(35);
    expect(rows.length).toBeLessThanOrEqual(45);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(POST_STATUSES));
    expect(new Set(rows.map((r) => r.topic))).toEqual(new Set(TOPICS));
    for (const r of rows) {
      expect(r.title.trim().length).toBeGreaterThanOrEqual(LIMITS.title.min);
      expect(r.title.trim().length).toBeLessThanOrEqual(LIMITS.title.max);
      expect(r.description.length).toBeGreaterThanOrEqual(LIMITS.description.min);
      expect(r.description.length).toBeLessThanOrEqual(LIMITS.description.max);
      expect(Boolean(r.denial_reason)).toBe(r.status === 'denied');
      expect(r.age_days).toBeGreaterThan(0);
      expect(r.age_days).toBeLessThan(92);
    }
    expect(rows.filter((r) => r.status === 'denied')).toHaveLength(2);

    const tags = await q<{ post_id: string; tag: string }>(`SELECT post_id, tag FROM post_tags`);
    const perPost = new Map<string, number>();
    for (const { post_id, tag } of tags) {
      expect(tag).toMatch(/^[A-Za-z0-9 -]{2,30}$/);
      perPost.set(post_id, (perPost.get(post_id) ?? 0) + 1);
    }
    expect(Math.max(...perPost.values())).toBeLessThanOrEqual(LIMITS.tags.max);
  });

  it('writes replies after their post, within limits, with at most one pin per post', async () => {
    const rows = await q<{ content: string; after_post: boolean; in_past: boolean; by_author: boolean }>(`
      SELECT r.content, r.created_at > p.created_at AS after_post, r.created_at <= now() AS in_past,
             r.user_id = p.user_id AS by_author
      FROM replies r JOIN posts p ON p.id = r.post_id`);
    expect(rows.length).toBeGreaterThan(60);
    for (const r of rows) {
      expect(r.content.length).toBeGreaterThanOrEqual(LIMITS.reply.min);
      expect(r.content.length).toBeLessThanOrEqual(LIMITS.reply.max);
      expect(r.after_post).toBe(true);
      expect(r.in_past).toBe(true);
    }
    const pins = await q<{ status: string; pins: number }>(`
      SELECT p.status, count(*)::int AS pins FROM replies r JOIN posts p ON p.id = r.post_id
      WHERE r.is_pinned GROUP BY p.id, p.status`);
    expect(pins.length).toBeGreaterThanOrEqual(5);
    for (const p of pins) {
      expect(p.pins).toBe(1);
      expect(p.status).toBe('solved');
    }
    const [hidden] = await q<{ n: number }>(`
      SELECT count(*)::int AS n FROM replies r JOIN posts p ON p.id = r.post_id WHERE p.status IN ('pending', 'denied')`);
    expect(hidden!.n).toBe(0);
  });

  it('keeps every counter equal to its rows', async () => {
    const badPosts = await q(`
      SELECT p.id FROM posts p
      WHERE p.vote_count <> (SELECT count(*) FROM post_votes v WHERE v.post_id = p.id)
         OR p.bookmark_count <> (SELECT count(*) FROM bookmarks b WHERE b.post_id = p.id)
         OR p.reply_count <> (SELECT count(*) FROM replies r WHERE r.post_id = p.id)`);
    expect(badPosts).toEqual([]);
    const badProfiles = await q(`
      SELECT pr.username FROM profiles pr
      WHERE pr.post_count <> (SELECT count(*) FROM posts p WHERE p.user_id = pr.id AND p.status IN ('open', 'solved'))`);
    expect(badProfiles).toEqual([]);
    const [totals] = await q<{ votes: number; bookmarks: number; helpful: number }>(`
      SELECT (SELECT sum(vote_count)::int FROM posts) AS votes, (SELECT sum(bookmark_count)::int FROM posts) AS bookmarks,
             (SELECT count(*)::int FROM replies WHERE is_pinned) AS helpful`);
    expect(totals!.votes).toBeGreaterThan(50);
    expect(totals!.bookmarks).toBeGreaterThan(50);
    expect(totals!.helpful).toBeGreaterThanOrEqual(5);
    const [selfLikes] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM post_votes v JOIN posts p ON p.id = v.post_id WHERE v.user_id = p.user_id`,
    );
    expect(selfLikes!.n).toBe(0);
  });

  it('sends notifications of the kinds a real forum would have', async () => {
    const rows = await q<{ type: string }>(`SELECT DISTINCT type FROM notifications`);
    const types = rows.map((r) => r.type);
    for (const type of ['post_approved', 'new_reply', 'reply_pinned']) expect(types).toContain(type);
  });

  it('words its notifications as the forum itself does', async () => {
    const rows = await q<{ type: string; message: string; title: string }>(
      `SELECT n.type, n.message, p.title FROM notifications n JOIN posts p ON p.id = n.post_id WHERE n.type IN ('post_approved', 'post_pending_review')`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.message).toBe(
        row.type === 'post_approved'
          ? `Your post "${row.title}" was approved.`
          : `New post awaiting review: "${row.title}"`,
      );
    }
  });

  it('stores every picture as a JPEG on disk with its WebP copies, up to three per post, some with detections', async () => {
    const rows = await q<{
      image_url: string;
      display_order: number;
      alt_text: string;
      detection_confidence: number | null;
      key_features: string[];
      width: number;
      height: number;
      variant_widths: number[];
    }>(
      `SELECT image_url, display_order, alt_text, detection_confidence, key_features, width, height, variant_widths FROM post_images`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      expect(row.display_order).toBeGreaterThanOrEqual(0);
      expect(row.display_order).toBeLessThanOrEqual(2);
      expect(row.alt_text).toBe(`Image ${row.display_order + 1}`);
      const ref = parsePublicUrl(row.image_url);
      expect(ref?.bucket).toBe('post-images');
      const bytes = await readFile(path.join(t.config.dataDir, 'uploads', ref!.bucket, ref!.path));
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(bytes.length).toBeGreaterThan(5_000);
      expect([row.width, row.height, row.variant_widths]).toEqual([800, 600, [160, 320, 640]]);
      const copy = await readFile(
        path.join(t.config.dataDir, 'uploads', ref!.bucket, ref!.path.replace(/\.jpg$/, '.w320.webp')),
      );
      expect(copy.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    const confidences = rows.map((r) => r.detection_confidence).filter((c): c is number => c !== null);
    expect(confidences.some((c) => c >= 0.8)).toBe(true);
    expect(confidences.some((c) => c >= 0.5 && c < 0.8)).toBe(true);
    expect(confidences.some((c) => c < 0.5)).toBe(true);
    expect(rows.some((r) => r.detection_confidence === null && r.key_features.length === 0)).toBe(true);
    expect(rows.filter((r) => r.detection_confidence !== null).every((r) => r.key_features.length > 0)).toBe(true);
  });

  it('fills Video Guides with a few public posts carrying a short, playable video and its poster', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts?scope=videos' });
    expect(res.statusCode).toBe(200);
    const { posts } = res.json() as { posts: { status: string; video: PostVideo & { thumbnailUrl: string } }[] };
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts) {
      expect(['open', 'solved']).toContain(post.status);
      expect(post.video.mimeType).toBe('video/mp4');
      const clip = await t.app.inject({ method: 'GET', url: post.video.url });
      expect(clip.statusCode).toBe(200);
      expect(await readVideoDuration(clip.rawPayload, 'video/mp4')).toBeCloseTo(post.video.durationSeconds, 1);
      const poster = await t.app.inject({ method: 'GET', url: post.video.thumbnailUrl });
      expect(poster.statusCode).toBe(200);
      expect([...poster.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(post.video).toMatchObject({
        thumbnailWidth: 640,
        thumbnailHeight: 480,
        thumbnailVariantWidths: [160, 320],
      });
      const copy = await t.app.inject({ method: 'GET', url: post.video.thumbnailUrl.replace(/\.jpg$/, '.w160.webp') });
      expect(copy.headers['content-type']).toBe('image/webp');
    }
  });

  it('lets the admin sign in with the returned credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      headers: { origin: ORIGIN },
      payload: { email: credentials.adminEmail, password: credentials.adminPassword },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(res) } });
    expect(me.json().me).toMatchObject({
      email: 'admin@fenestra.local',
      username: 'fenestra-admin',
      role: 'admin',
      isStaff: true,
    });
  });

  it('logs its approvals, denials and solves in order, spread over the last 90 days, so analytics has a history', async () => {
    const rows = await q<{ status: string; actions: (string | null)[]; in_order: boolean | null }>(`
      SELECT p.status, array_agg(l.action ORDER BY l.created_at) AS actions,
             bool_and(l.created_at > p.created_at AND l.created_at <= now()
               AND (l.action <> 'approve' OR NOT EXISTS (SELECT 1 FROM replies r WHERE r.post_id = p.id AND r.created_at <= l.created_at))
               AND (l.action <> 'solve' OR NOT EXISTS (SELECT 1 FROM replies r WHERE r.post_id = p.id AND r.created_at >= l.created_at))) AS in_order
      FROM posts p LEFT JOIN moderation_log l ON l.target_id = p.id::text AND l.actor_id IS NOT NULL
      GROUP BY p.id, p.status`);
    for (const r of rows) {
      const expected = { open: ['approve'], solved: ['approve', 'solve'], denied: ['deny'], pending: [null] }[r.status];
      expect(r.actions).toEqual(expected);
      if (r.status !== 'pending') expect(r.in_order).toBe(true);
    }
    const [spread] = await q<{ weeks: number; solve_weeks: number }>(`
      SELECT count(DISTINCT date_trunc('week', created_at))::int AS weeks,
             count(DISTINCT date_trunc('week', created_at)) FILTER (WHERE action = 'solve')::int AS solve_weeks
      FROM moderation_log WHERE created_at > now() - interval '90 days'`);
    expect(spread!.weeks).toBeGreaterThanOrEqual(10);
    expect(spread!.solve_weeks).toBeGreaterThanOrEqual(6);
  });

  it("keeps the admin's generated password in DATA_DIR for its owner alone", async () => {
    expect(credentials.adminPassword).not.toBe('Fenestra-demo1');
    expect(credentials.adminPassword.length).toBeGreaterThanOrEqual(20);
    const file = path.join(t.config.dataDir, 'demo-admin-password');
    expect((await readFile(file, 'utf8')).trim()).toBe(credentials.adminPassword);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('gives the other demo members passwords nobody knows', async () => {
    for (const password of [credentials.adminPassword, 'Fenestra-demo1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        headers: { origin: ORIGIN },
        payload: { email: 'moderator@fenestra.local', password },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('seedIfEmpty', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds an empty database once and never duplicates', async () => {
    const db = t.app.services.database.db;
    const config = { ...t.config, seed: 'demo' as const };
    const messages: string[] = [];
    const log = { info: (m: string) => messages.push(m) };
    const count = async () =>
      (
        await t.app.services.database.pool.query(
          `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM posts) AS posts,
              (SELECT count(*)::int FROM post_images) AS images`,
        )
      ).rows[0] as { users: number; posts: number; images: number };

    await seedIfEmpty(db, { ...config, seed: 'none' }, log);
    expect((await count()).users).toBe(0);

    await seedIfEmpty(db, config, log);
    const first = await count();
    expect(first.users).toBeGreaterThanOrEqual(14);
    expect(first.posts).toBeGreaterThanOrEqual(35);
    // The password is printed once by npm start, never logged: the log says where it is kept.
    expect(messages.some((m) => m.includes('admin@fenestra.local') && m.includes('demo-admin-password'))).toBe(true);
    const password = (await readFile(path.join(t.config.dataDir, 'demo-admin-password'), 'utf8')).trim();
    expect(messages.some((m) => m.includes(password))).toBe(false);

    await seedIfEmpty(db, config, log);
    expect(await count()).toEqual(first);
  });
});
