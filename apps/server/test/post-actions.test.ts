import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MSG, POST_ACTION_INFO } from '@fenestra/shared';
import { createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

type Member = Awaited<ReturnType<typeof signUpMember>>;
type Status = 'pending' | 'open' | 'solved' | 'denied';

describe('post and reply actions', () => {
  let t: TestApp;
  let author: Member;
  let replier: Member;
  let reader: Member;
  let moderator: Member;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp();
    const signed = await Promise.all([1, 2, 3, 4, 5].map(() => signUpMember(t.app)));
    [author, replier, reader, moderator, admin] = signed as [Member, Member, Member, Member, Member];
    await makeStaff(t, moderator.me.id, 'moderator');
    await makeStaff(t, admin.me.id, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const del = (url: string, cookie?: string) =>
    t.app.inject({ method: 'DELETE', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  const statusOf = async (id: string) =>
    (await sqlQuery<{ status: string }>(t, 'SELECT status FROM posts WHERE id = $1', [id])).rows[0]?.status;
  /** A post by the author in a status, with the author's public post count kept as approval would have. */
  const postIn = async (status: Status, title = 'Casement hinge squeaks when opened') => {
    const id = await insertPost(t, { userId: author.me.id, status, title });
    if (status === 'open' || status === 'solved')
      await sqlQuery(t, 'UPDATE profiles SET post_count = post_count + 1 WHERE id = $1', [author.me.id]);
    return id;
  };
  const addReply = async (postId: string, by: Member, minutesAgo = 10) => {
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      `INSERT INTO replies (post_id, user_id, content, created_at)
      VALUES ($1, $2, 'A reply that is long enough', now() - $3 * interval '1 minute') RETURNING id`,
      [postId, by.me.id, minutesAgo],
    );
    await sqlQuery(t, 'UPDATE posts SET reply_count = reply_count + 1 WHERE id = $1', [postId]);
    return rows[0]!.id;
  };
  /** Every counter this issue keeps, against a count of the rows it stands for. */
  const expectCountersTrue = async () => {
    const posts = await sqlQuery(
      t,
      `SELECT id FROM posts p WHERE reply_count <> (SELECT count(*) FROM replies r WHERE r.post_id = p.id)`,
    );
    expect(posts.rows).toEqual([]);
    const profiles = await sqlQuery(
      t,
      `SELECT id FROM profiles pr
      WHERE post_count <> (SELECT count(*) FROM posts p WHERE p.user_id = pr.id AND p.status IN ('open', 'solved'))`,
    );
    expect(profiles.rows).toEqual([]);
  };
  const notices = async (postId: string) =>
    (
      await sqlQuery<{ user_id: string; type: string }>(
        t,
        'SELECT user_id, type FROM notifications WHERE post_id = $1 ORDER BY type::text, user_id',
        [postId],
      )
    ).rows;
  const logOf = async (targetId: string) =>
    (
      await sqlQuery(
        t,
        'SELECT actor_id, action, target_type, target_label FROM moderation_log WHERE target_id = $1 ORDER BY created_at',
        [targetId],
      )
    ).rows;

  it.each([
    ['solve', 'open', 'solved'],
    ['reopen', 'solved', 'open'],
    ['unapprove', 'open', 'pending'],
  ] as const)(
    '%s moves %s to %s, answers the toast text, logs it, and keeps counters true',
    async (action, from, to) => {
      const id = await postIn(from);
      const res = await post(t, `/api/admin/posts/${id}/${action}`, moderator.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, status: to, message: POST_ACTION_INFO[action].success });
      expect(await statusOf(id)).toBe(to);
      expect(await logOf(id)).toEqual([
        { actor_id: moderator.me.id, action, target_type: 'post', target_label: 'Casement hinge squeaks when opened' },
      ]);
      await expectCountersTrue();
    },
  );

  it('every illegal move answers 409 and changes nothing', async () => {
    const illegal: Array<[string, Status]> = [
      ['solve', 'pending'],
      ['solve', 'solved'],
      ['solve', 'denied'],
      ['reopen', 'open'],
      ['reopen', 'pending'],
      ['reopen', 'denied'],
      ['unapprove', 'pending'],
      ['unapprove', 'solved'],
      ['unapprove', 'denied'],
    ];
    for (const [action, from] of illegal) {
      const id = await postIn(from);
      const res = await post(t, `/api/admin/posts/${id}/${action}`, admin.cookie);
      expect(res.statusCode, `${action} from ${from}`).toBe(409);
      expect(res.json().error).toBe('ILLEGAL_MOVE');
      expect(await statusOf(id)).toBe(from);
      expect(await logOf(id)).toEqual([]);
    }
    await expectCountersTrue();
    for (const action of ['solve', 'reopen', 'unapprove']) {
      expect(
        (await post(t, `/api/admin/posts/00000000-0000-4000-8000-000000000000/${action}`, admin.cookie)).statusCode,
      ).toBe(404);
      expect((await post(t, `/api/admin/posts/not-an-id/${action}`, admin.cookie)).statusCode).toBe(404);
    }
  });

  it('solve tells the author and each bookmarker once, never the acting staff member; each solve after a reopen tells them again', async () => {
    const id = await postIn('open', 'Storm door closer leaks oil');
    for (const who of [reader, replier, author, moderator]) {
      expect((await post(t, `/api/posts/${id}/bookmark`, who.cookie)).statusCode).toBe(200);
    }
    await post(t, `/api/admin/posts/${id}/solve`, moderator.cookie);
    const expected = [
      ...[reader.me.id, replier.me.id].sort().map((user_id) => ({ user_id, type: 'bookmark_solved' })),
      { user_id: author.me.id, type: 'post_solved' },
    ];
    expect(await notices(id)).toEqual(expected);
    const message = (
      await sqlQuery<{ message: string }>(
        t,
        "SELECT message FROM notifications WHERE post_id = $1 AND type = 'post_solved'",
        [id],
      )
    ).rows[0]!.message;
    expect(message).toContain('Storm door closer leaks oil');

    await post(t, `/api/admin/posts/${id}/reopen`, moderator.cookie);
    expect(await notices(id)).toHaveLength(3);
    await post(t, `/api/admin/posts/${id}/solve`, moderator.cookie);
    expect(await notices(id)).toHaveLength(6);

    // Staff solving their own post: nobody is told about their own action.
    const own = await insertPost(t, { userId: moderator.me.id, status: 'open' });
    await sqlQuery(t, 'UPDATE profiles SET post_count = post_count + 1 WHERE id = $1', [moderator.me.id]);
    await post(t, `/api/admin/posts/${own}/solve`, moderator.cookie);
    expect(await notices(own)).toEqual([]);
  });

  it('unapprove tells nobody and takes the post off the author’s count; it leaves the public lists', async () => {
    const id = await postIn('open');
    const before = (
      await sqlQuery<{ post_count: number }>(t, 'SELECT post_count FROM profiles WHERE id = $1', [author.me.id])
    ).rows[0]!.post_count;
    await post(t, `/api/admin/posts/${id}/unapprove`, admin.cookie);
    expect(await notices(id)).toEqual([]);
    expect(
      (await sqlQuery<{ post_count: number }>(t, 'SELECT post_count FROM profiles WHERE id = $1', [author.me.id]))
        .rows[0]!.post_count,
    ).toBe(before - 1);
    expect((await get(t, `/api/posts/${id}`, reader.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/posts/${id}`, author.cookie)).json().status).toBe('pending');
  });

  it('delete removes the post, its replies and every file they hold, keeps counters true, and its log row outlives it', async () => {
    const root = t.app.services.storage.root!;
    const file = (bucket: string, name: string) => {
      const p = path.join(root, bucket, author.me.id, name);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, 'x');
      return { disk: p, url: `/media/${bucket}/${author.me.id}/${name}` };
    };
    const [photo, video, thumb, replyPhoto, unrelated] = [
      file('post-images', 'p1.jpg'),
      file('post-videos', 'v1.mp4'),
      file('post-images', 'v1-thumb.jpg'),
      file('post-images', 'r1.jpg'),
      file('post-images', 'keep.jpg'),
    ];
    for (const status of ['open', 'solved', 'pending', 'denied'] as const) {
      const id = await postIn(status, `A ${status} post to delete`);
      await sqlQuery(t, 'INSERT INTO post_images (post_id, image_url, display_order) VALUES ($1, $2, 0)', [
        id,
        photo.url,
      ]);
      await sqlQuery(
        t,
        `INSERT INTO post_videos (post_id, video_url, thumbnail_url, duration_seconds, file_size_bytes, mime_type)
        VALUES ($1, $2, $3, 2, 1000, 'video/mp4')`,
        [id, video.url, thumb.url],
      );
      await sqlQuery(
        t,
        `INSERT INTO uploads (user_id, kind, bucket, path, public_url, mime_type, bytes, attached_at)
        VALUES ($1, 'image', 'post-images', $2, $3, 'image/jpeg', 1, now())`,
        [author.me.id, `${author.me.id}/p1.jpg`, photo.url],
      );
      const replyId = await addReply(id, replier);
      await sqlQuery(t, 'INSERT INTO reply_images (reply_id, image_url, display_order) VALUES ($1, $2, 0)', [
        replyId,
        replyPhoto.url,
      ]);
      await post(t, `/api/posts/${id}/bookmark`, reader.cookie);

      const res = await del(`/api/admin/posts/${id}`, moderator.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, status: 'deleted', message: MSG.postDeleted });
      expect(await statusOf(id)).toBeUndefined();
      expect((await sqlQuery(t, 'SELECT count(*)::int AS n FROM replies WHERE post_id = $1', [id])).rows[0]!.n).toBe(0);
      expect(
        (await sqlQuery(t, 'SELECT count(*)::int AS n FROM uploads WHERE public_url = $1', [photo.url])).rows[0]!.n,
      ).toBe(0);
      for (const gone of [photo, video, thumb, replyPhoto]) expect(existsSync(gone.disk)).toBe(false);
      expect(existsSync(unrelated.disk)).toBe(true);
      expect(await logOf(id)).toEqual([
        {
          actor_id: moderator.me.id,
          action: 'delete_post',
          target_type: 'post',
          target_label: `A ${status} post to delete`,
        },
      ]);
      await expectCountersTrue();
      for (const f of [photo, video, thumb, replyPhoto]) writeFileSync(f.disk, 'x');
    }
    expect((await del('/api/admin/posts/00000000-0000-4000-8000-000000000000', moderator.cookie)).statusCode).toBe(404);
  });

  it('pinning keeps one pinned reply per post, tells the reply’s author, and unpin and delete keep counts true', async () => {
    const id = await postIn('open', 'Which weatherstrip fits this sash?');
    const first = await addReply(id, replier, 30);
    const second = await addReply(id, reader, 20);
    const own = await addReply(id, moderator, 10);
    const pinned = async () =>
      (await sqlQuery<{ id: string }>(t, 'SELECT id FROM replies WHERE post_id = $1 AND is_pinned', [id])).rows.map(
        (r) => r.id,
      );

    const pin1 = await post(t, `/api/admin/replies/${first}/pin`, moderator.cookie);
    expect(pin1.statusCode).toBe(200);
    expect(pin1.json()).toMatchObject({ id: first, postId: id, isPinned: true, message: MSG.replyPinned });
    expect(await pinned()).toEqual([first]);
    expect((await post(t, `/api/admin/replies/${first}/pin`, moderator.cookie)).statusCode).toBe(409);

    expect((await post(t, `/api/admin/replies/${second}/pin`, admin.cookie)).statusCode).toBe(200);
    expect(await pinned()).toEqual([second]);
    // Pinning one's own reply tells nobody.
    expect((await post(t, `/api/admin/replies/${own}/pin`, moderator.cookie)).statusCode).toBe(200);
    expect(await notices(id)).toEqual(
      [replier.me.id, reader.me.id].sort().map((user_id) => ({ user_id, type: 'reply_pinned' })),
    );

    const unpin = await post(t, `/api/admin/replies/${own}/unpin`, moderator.cookie);
    expect(unpin.json()).toMatchObject({ isPinned: false, message: MSG.replyUnpinned });
    expect(await pinned()).toEqual([]);
    expect((await post(t, `/api/admin/replies/${own}/unpin`, moderator.cookie)).statusCode).toBe(409);

    const gone = await del(`/api/admin/replies/${second}`, admin.cookie);
    expect(gone.json()).toMatchObject({ id: second, deleted: true, message: MSG.replyDeleted });
    expect(
      (await sqlQuery<{ reply_count: number }>(t, 'SELECT reply_count FROM posts WHERE id = $1', [id])).rows[0]!
        .reply_count,
    ).toBe(2);
    await expectCountersTrue();
    expect((await del(`/api/admin/replies/${second}`, admin.cookie)).statusCode).toBe(404);
    expect((await post(t, '/api/admin/replies/nope/pin', admin.cookie)).statusCode).toBe(404);
    expect((await logOf(second)).map((r) => r.action)).toEqual(['pin_reply', 'delete_reply']);
    expect((await logOf(own)).map((r) => r.action)).toEqual(['pin_reply', 'unpin_reply']);

    // A pin is staff's choice, not a member's 'Helpful' mark: the profile's helpful count counts marks (issue 23).
    await post(t, `/api/admin/replies/${first}/pin`, admin.cookie);
    expect((await get(t, `/api/users/${replier.me.username}`)).json().helpfulCount).toBe(0);
  });

  it('tells a reply’s author of its pin once, ever: pin, unpin, pin again sends one notice and one email', async () => {
    const id = await postIn('open', 'Which spring fits this tilt balance?');
    const reply = await addReply(id, replier);
    const other = await addReply(id, reader);
    for (const [action, target] of [
      ['pin', reply],
      ['unpin', reply],
      ['pin', reply],
      // Moved to another reply and back.
      ['pin', other],
      ['pin', reply],
    ] as const) {
      expect((await post(t, `/api/admin/replies/${target}/${action}`, moderator.cookie)).statusCode).toBe(200);
    }
    expect(await notices(id)).toEqual(
      [replier.me.id, reader.me.id].sort().map((user_id) => ({ user_id, type: 'reply_pinned' })),
    );
    const { rows } = await sqlQuery<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM pgboss.job j JOIN notifications n ON n.id::text = j.data->>'notificationId'
       WHERE j.name = 'notification-email' AND n.post_id = $1 AND n.user_id = $2`,
      [id, replier.me.id],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
