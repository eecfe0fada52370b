import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { PostList, PostSummary } from '@fenestra/shared';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

const HOUR = 3_600_000;
const base = Date.parse('2026-03-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(base - h * HOUR);

const list = async (t: TestApp, query: string, cookie?: string): Promise<PostList> => {
  const res = await get(t, `/api/posts${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const titles = (l: PostList) => l.posts.map((p) => p.title);

describe('filters, topics and sorts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const seeds = [
      {
        title: 'W open new',
        topic: 'windows',
        status: 'open',
        createdAt: hoursAgo(1),
        votes: 1,
        bookmarks: 0,
        replies: 9,
      },
      {
        title: 'W open old',
        topic: 'windows',
        status: 'open',
        createdAt: hoursAgo(10),
        votes: 5,
        bookmarks: 1,
        replies: 0,
      },
      {
        title: 'W solved mid',
        topic: 'windows',
        status: 'solved',
        createdAt: hoursAgo(5),
        votes: 5,
        bookmarks: 2,
        replies: 0,
      },
      { title: 'D open', topic: 'doors', status: 'open', createdAt: hoursAgo(3), votes: 5, bookmarks: 2, replies: 4 },
      {
        title: 'D solved newest',
        topic: 'doors',
        status: 'solved',
        createdAt: hoursAgo(0.5),
        votes: 0,
        bookmarks: 0,
        replies: 0,
      },
      { title: 'W pending', topic: 'windows', status: 'pending', createdAt: hoursAgo(0.1), votes: 0 },
      { title: 'W denied', topic: 'windows', status: 'denied', createdAt: hoursAgo(0.2), votes: 0 },
    ] as const;
    for (const s of seeds) await insertPost(t, { ...s });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists open and solved posts only, newest first by default, with the total', async () => {
    const l = await list(t, '');
    expect(titles(l)).toEqual(['D solved newest', 'W open new', 'D open', 'W solved mid', 'W open old']);
    expect(l.total).toBe(5);
    expect(l.nextCursor).toBeNull();
  });

  it.each([
    ['?filter=solved', ['D solved newest', 'W solved mid']],
    ['?filter=unsolved', ['W open new', 'D open', 'W open old']],
    ['?filter=anything', ['D solved newest', 'W open new', 'D open', 'W solved mid', 'W open old']],
    ['?topic=windows', ['W open new', 'W solved mid', 'W open old']],
    ['?topic=doors&filter=unsolved', ['D open']],
    ['?topic=roofs', ['D solved newest', 'W open new', 'D open', 'W solved mid', 'W open old']],
  ])('%s selects its posts and counts them in total', async (query, expected) => {
    const l = await list(t, query);
    expect(titles(l)).toEqual(expected);
    expect(l.total).toBe(expected.length);
  });

  it('sorts by votes, newest first among equal votes', async () => {
    expect(titles(await list(t, '?sort=votes'))).toEqual([
      'D open',
      'W solved mid',
      'W open old',
      'W open new',
      'D solved newest',
    ]);
  });

  it('sorts popular by votes, then bookmarks, then replies', async () => {
    // D open and W solved mid tie on votes and bookmarks: D open has more replies.
    expect(titles(await list(t, '?sort=popular'))).toEqual([
      'D open',
      'W solved mid',
      'W open old',
      'W open new',
      'D solved newest',
    ]);
  });

  it('sorts unsolved first: open posts newest first, then solved ones newest first', async () => {
    expect(titles(await list(t, '?sort=unsolved'))).toEqual([
      'W open new',
      'D open',
      'W open old',
      'D solved newest',
      'W solved mid',
    ]);
  });

  it('treats an unknown sort as recent', async () => {
    expect(titles(await list(t, '?sort=sideways'))).toEqual(titles(await list(t, '')));
  });
});

describe('keyset pages', () => {
  let t: TestApp;
  let all: { id: string; created: number; votes: number; bookmarks: number; replies: number; status: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    all = [];
    for (let i = 0; i < 45; i++) {
      // Groups of three share a time and counts, so the id has to break ties.
      const g = Math.floor(i / 3);
      const seed = {
        createdAt: hoursAgo(g),
        votes: g % 4,
        bookmarks: g % 3,
        replies: g % 2,
        status: (g % 2 ? 'solved' : 'open') as 'open' | 'solved',
        title: `Keyset question number ${i}`,
      };
      const id = await insertPost(t, seed);
      all.push({
        id,
        created: seed.createdAt.getTime(),
        votes: seed.votes,
        bookmarks: seed.bookmarks,
        replies: seed.replies,
        status: seed.status,
      });
    }
    await insertPost(t, { status: 'pending' });
  });
  afterAll(async () => {
    await t.close();
  });

  const desc = (a: number | string, b: number | string) => (a < b ? 1 : a > b ? -1 : 0);
  const expected: Record<string, (a: (typeof all)[number], b: (typeof all)[number]) => number> = {
    recent: (a, b) => desc(a.created, b.created) || desc(a.id, b.id),
    votes: (a, b) => desc(a.votes, b.votes) || desc(a.created, b.created) || desc(a.id, b.id),
    popular: (a, b) =>
      desc(a.votes, b.votes) ||
      desc(a.bookmarks, b.bookmarks) ||
      desc(a.replies, b.replies) ||
      desc(a.created, b.created) ||
      desc(a.id, b.id),
    unsolved: (a, b) => -desc(a.status, b.status) || desc(a.created, b.created) || desc(a.id, b.id),
  };

  it.each(Object.keys(expected))(
    'walks 45 posts sorted by %s in pages of 20, without duplicates or gaps',
    async (sort) => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const l: PostList = await list(t, `?sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(l.total).toBe(45);
        sizes.push(l.posts.length);
        seen.push(...l.posts.map((p) => p.id));
        cursor = l.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([20, 20, 5]);
      expect(new Set(seen).size).toBe(45);
      expect(seen).toEqual([...all].sort(expected[sort]).map((p) => p.id));
    },
  );

  it('counts them all on a page past the last post, which is empty', async () => {
    const past = Buffer.from(
      JSON.stringify({ o: 'recent', c: '2000-01-01T00:00:00.000000Z', i: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const l = await list(t, `?sort=recent&cursor=${past}`);
    expect(l.posts).toEqual([]);
    expect(l.nextCursor).toBeNull();
    expect(l.total).toBe(45);
  });

  it('refuses a cursor that is not one, or belongs to another sort', async () => {
    expect((await get(t, '/api/posts?cursor=garbage')).statusCode).toBe(400);
    const first = await list(t, '?sort=votes');
    const res = await get(t, `/api/posts?sort=recent&cursor=${first.nextCursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid cursor', field: 'cursor' });
  });
});

describe('scopes, viewer flags and authors', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpMember>>;
  let other: Awaited<ReturnType<typeof signUpMember>>;
  let moderator: Awaited<ReturnType<typeof signUpMember>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUpMember(t.app);
    other = await signUpMember(t.app);
    moderator = await signUpMember(t.app);
    await makeStaff(t, moderator.me.id, 'moderator');
    ids.mineOpen = await insertPost(t, {
      userId: member.me.id,
      status: 'open',
      title: 'Mine open',
      createdAt: hoursAgo(4),
    });
    ids.minePending = await insertPost(t, {
      userId: member.me.id,
      status: 'pending',
      title: 'Mine pending',
      createdAt: hoursAgo(2),
    });
    ids.mineDenied = await insertPost(t, {
      userId: member.me.id,
      status: 'denied',
      title: 'Mine denied',
      createdAt: hoursAgo(1),
      denialReason: 'Off topic',
    });
    ids.otherOpenOld = await insertPost(t, {
      userId: other.me.id,
      status: 'open',
      title: 'Other open old',
      createdAt: hoursAgo(30),
    });
    ids.otherSolved = await insertPost(t, {
      userId: other.me.id,
      status: 'solved',
      title: 'Other solved video',
      createdAt: hoursAgo(5),
    });
    ids.otherPending = await insertPost(t, {
      userId: other.me.id,
      status: 'pending',
      title: 'Other pending video',
      createdAt: hoursAgo(3),
    });
    for (const id of [ids.otherSolved, ids.otherPending]) {
      await sqlQuery(
        t,
        `INSERT INTO post_videos (post_id, video_url, thumbnail_url, duration_seconds, file_size_bytes, mime_type)
        VALUES ($1, '/media/post-videos/v.mp4', NULL, 61, 1000, 'video/mp4')`,
        [id],
      );
    }
    await sqlQuery(
      t,
      `INSERT INTO post_images (post_id, image_url, display_order, alt_text, detected_object, detection_confidence, key_features)
      VALUES ($1, '/media/post-images/a.jpg', 0, 'Image 1', 'Casement operator', 0.82, ARRAY['crank', 'bronze'])`,
      [ids.mineOpen],
    );
    await sqlQuery(t, "INSERT INTO post_tags (post_id, tag) VALUES ($1, 'operator')", [ids.mineOpen]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("'mine' needs a member and lists every status of their own posts, newest first, with the denial reason", async () => {
    expect((await get(t, '/api/posts?scope=mine')).statusCode).toBe(401);
    const l = await list(t, '?scope=mine', member.cookie);
    expect(titles(l)).toEqual(['Mine denied', 'Mine pending', 'Mine open']);
    expect(l.total).toBe(3);
    expect(l.posts[0]).toMatchObject({ status: 'denied', denialReason: 'Off topic' });
  });

  it("'videos' lists public posts that have a video", async () => {
    const l = await list(t, '?scope=videos');
    expect(titles(l)).toEqual(['Other solved video']);
    expect(l.total).toBe(1);
    expect(l.posts[0]!.video).toEqual({
      url: '/media/post-videos/v.mp4',
      thumbnailUrl: null,
      thumbnailWidth: null,
      thumbnailHeight: null,
      thumbnailVariantWidths: [],
      durationSeconds: 61,
      fileSizeBytes: 1000,
      mimeType: 'video/mp4',
    });
  });

  it("'unsolved-queue' is for staff: open posts, oldest first", async () => {
    expect((await get(t, '/api/posts?scope=unsolved-queue')).statusCode).toBe(401);
    expect((await get(t, '/api/posts?scope=unsolved-queue', member.cookie)).statusCode).toBe(403);
    const l = await list(t, '?scope=unsolved-queue', moderator.cookie);
    expect(titles(l)).toEqual(['Other open old', 'Mine open']);
    expect(l.total).toBe(2);
  });

  it('maps tags, images and detections, and never leaks an email', async () => {
    const res = await get(t, '/api/posts', other.cookie);
    const mine = (res.json() as PostList).posts.find((p) => p.id === ids.mineOpen)!;
    expect(mine.tags).toEqual(['operator']);
    expect(mine.images).toEqual([
      {
        id: expect.any(String),
        url: '/media/post-images/a.jpg',
        alt: 'Image 1',
        displayOrder: 0,
        width: null,
        height: null,
        variantWidths: [],
        detection: {
          status: 'none',
          object: 'Casement operator',
          category: null,
          material: null,
          finish: null,
          confidence: expect.closeTo(0.82, 5),
          keyFeatures: ['crank', 'bronze'],
          userConfirmedObject: null,
          visibleText: null,
        },
      },
    ]);
    expect(mine.preview.length).toBeLessThanOrEqual(203);
    for (const m of [member, other, moderator]) expect(res.body).not.toContain(m.email);
  });

  it('shows liked and bookmarked for the signed-in viewer only', async () => {
    expect((await post(t, `/api/posts/${ids.otherSolved}/like`, member.cookie)).json()).toEqual({
      active: true,
      count: 1,
    });
    expect((await post(t, `/api/posts/${ids.otherSolved}/bookmark`, member.cookie)).json()).toEqual({
      active: true,
      count: 1,
    });
    const flags = async (cookie?: string) => {
      const p = (await list(t, '', cookie)).posts.find((x) => x.id === ids.otherSolved) as PostSummary;
      return { liked: p.liked, bookmarked: p.bookmarked, voteCount: p.voteCount, bookmarkCount: p.bookmarkCount };
    };
    expect(await flags(member.cookie)).toEqual({ liked: true, bookmarked: true, voteCount: 1, bookmarkCount: 1 });
    expect(await flags(other.cookie)).toEqual({ liked: false, bookmarked: false, voteCount: 1, bookmarkCount: 1 });
    expect(await flags()).toEqual({ liked: false, bookmarked: false, voteCount: 1, bookmarkCount: 1 });
  });

  it("shows a deleted author as 'unknown'", async () => {
    const gone = await signUpMember(t.app);
    const id = await insertPost(t, { userId: gone.me.id, status: 'open', title: 'Orphaned question' });
    await sqlQuery(t, 'DELETE FROM users WHERE id = $1', [gone.me.id]);
    // The insert's and the delete's events have dropped the lists kept before them.
    await t.app.services.events.listener.sync();
    const p = (await list(t, '')).posts.find((x) => x.id === id)!;
    expect(p.author).toEqual({ id: null, username: 'unknown', avatarUrl: null });
    expect((await get(t, `/api/posts/${id}`)).json().author).toEqual({
      id: null,
      username: 'unknown',
      avatarUrl: null,
    });
  });
});

describe('the counts behind "{n} active discussions"', () => {
  it('stay equal to the posts through inserts, status and topic changes and deletes', async () => {
    const t = await createTestApp();
    try {
      const pool = t.app.services.database.pool;
      const member = await signUpMember(t.app);
      await pool.query(
        `INSERT INTO posts (user_id, topic, title, description, status)
        SELECT $1, (ARRAY['windows','doors','screens']::topic[])[1 + g % 3], 'Counted question ' || g, repeat('d', 60),
               (ARRAY['open','solved','pending','denied']::post_status[])[1 + g % 4]
        FROM generate_series(1, 40) g`,
        [member.me.id],
      );
      await pool.query(`UPDATE posts SET status = 'open' WHERE status = 'pending' AND title LIKE '%1'`);
      await pool.query(`UPDATE posts SET topic = 'glazing' WHERE title LIKE '%2'`);
      await pool.query(`DELETE FROM posts WHERE title LIKE '%3'`);
      const drift = await pool.query(`
        SELECT p.topic, p.status, p.n AS kept, count(x.id)::int AS actual
        FROM post_counts p LEFT JOIN posts x ON x.topic = p.topic AND x.status = p.status
        GROUP BY p.topic, p.status, p.n HAVING p.n <> count(x.id)`);
      expect(drift.rows).toEqual([]);
      const res = await t.app.inject({ method: 'GET', url: '/api/posts?topic=windows' });
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM posts WHERE topic = 'windows' AND status IN ('open', 'solved')`,
      );
      expect(res.json().total).toBe(rows[0].n);
    } finally {
      await t.close();
    }
  });
});
