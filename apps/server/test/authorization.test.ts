import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_EMAIL_PREFERENCES, DEFAULT_PUSH_PREFERENCES } from '@fenestra/shared';
import { SESSION_COOKIE } from '../src/lib/session-cookie.js';
import { createTestApp, multipart, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { askBody, insertPost, insertUpload, makeStaff, sqlQuery } from './post-fixtures.js';

// Every mutating endpoint of the product, walked as each kind of user, against outcomes written here by hand.
// An endpoint without a row fails the test: whoever adds one adds its row.

type Who = 'visitor' | 'member' | 'banned' | 'author' | 'moderator' | 'admin';
const EVERYONE: Who[] = ['visitor', 'member', 'banned', 'author', 'moderator', 'admin'];
type Outcomes = Record<Who, number>;

interface Actor {
  cookie?: string;
  id: string;
  email: string;
  password: string;
}
interface Ctx {
  who: Who;
  actor: Actor | null;
  /** The member who wrote the post or reply acted on (the 'author' row's actor), or is the member acted on. */
  author: Actor;
}
interface Request {
  url: string;
  payload?: object;
  multipart?: Awaited<ReturnType<typeof multipart>>;
}
interface Row {
  route: string;
  /** The call ends or changes its actor (sign-out, password, deletion): each kind of user gets a new one. */
  fresh?: 'session' | 'password';
  request(ctx: Ctx): Promise<Request> | Request;
  expect: Outcomes;
}

const all = (status: number): Outcomes => ({
  visitor: status,
  member: status,
  banned: status,
  author: status,
  moderator: status,
  admin: status,
});
const members = (status: number): Outcomes => ({
  visitor: 401,
  member: status,
  banned: 403,
  author: status,
  moderator: status,
  admin: status,
});
const staff = (status: number): Outcomes => ({
  visitor: 401,
  member: 403,
  banned: 403,
  author: 403,
  moderator: status,
  admin: status,
});
const admins = (status: number): Outcomes => ({ ...staff(status), moderator: 403 });
/** The author of what is acted on, or staff (editing, accepting an answer). */
const authorOrStaff = (status: number): Outcomes => ({ ...staff(status), author: status });

const VIDEO = readFileSync(fileURLToPath(new URL('./fixtures/clip-2s.webm', import.meta.url)));

describe('authorization of every mutating endpoint', () => {
  let t: TestApp;
  const shared: Partial<Record<Who, Actor>> = {};
  let signInTarget: Actor;
  let n = 0;

  const toActor = (m: Awaited<ReturnType<typeof signUpMember>>): Actor => ({
    cookie: m.cookie,
    id: m.me.id,
    email: m.email,
    password: m.password,
  });
  /**
   * A member of that kind with a live session. Only a password change needs a real password (hashing is slow);
   * the others are written to the tables with a session signed as the auth library signs it.
   */
  async function makeActor(who: Exclude<Who, 'visitor'>, opts: { password?: boolean } = {}): Promise<Actor> {
    let actor: Actor;
    if (opts.password) {
      actor = toActor(await signUpMember(t.app));
    } else {
      const id = await plainMember();
      const token = crypto.randomUUID().replace(/-/g, '');
      await sqlQuery(
        t,
        "INSERT INTO sessions (id, token, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')",
        [crypto.randomUUID(), token, id],
      );
      const signature = createHmac('sha256', t.config.authSecret!).update(token).digest('base64');
      actor = {
        id,
        email: '',
        password: '',
        cookie: `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`,
      };
    }
    if (who === 'moderator' || who === 'admin') await makeStaff(t, actor.id, who);
    // Banned directly in the database while the session remains: every write must answer 403 BANNED.
    if (who === 'banned')
      await sqlQuery(t, "UPDATE profiles SET status = 'banned', ban_reason = 'Testing' WHERE id = $1", [actor.id]);
    return actor;
  }
  /** A member with no session, written to the tables: the target of user management calls. */
  async function plainMember(): Promise<string> {
    const id = crypto.randomUUID();
    await sqlQuery(t, 'INSERT INTO users (id, name, email) VALUES ($1, $2, $3)', [
      id,
      `target${++n}`,
      `target${n}-${id}@example.com`,
    ]);
    await sqlQuery(t, 'INSERT INTO profiles (id, username) VALUES ($1, $2)', [id, `target${n}-${id.slice(0, 6)}`]);
    return id;
  }
  /** A post by the member; a public one counts on their profile, as approval would have made it. */
  async function postBy(author: Actor, status: 'pending' | 'open' | 'solved' = 'open'): Promise<string> {
    const id = await insertPost(t, { userId: author.id, status });
    if (status !== 'pending')
      await sqlQuery(t, 'UPDATE profiles SET post_count = post_count + 1 WHERE id = $1', [author.id]);
    return id;
  }
  async function replyBy(author: Actor, pinned = false): Promise<string> {
    const postId = await insertPost(t, { status: 'open' });
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      "INSERT INTO replies (post_id, user_id, content, is_pinned) VALUES ($1, $2, 'A reply long enough', $3) RETURNING id",
      [postId, author.id, pinned],
    );
    await sqlQuery(t, 'UPDATE posts SET reply_count = 1 WHERE id = $1', [postId]);
    return rows[0]!.id;
  }
  /** A reply by a member with no session on this post. */
  async function replyOn(postId: string): Promise<string> {
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      "INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'A reply long enough') RETURNING id",
      [postId, await plainMember()],
    );
    return rows[0]!.id;
  }
  /** An image on a public post by this member, its detection in this state. */
  async function imageOf(author: Actor, status: 'done' | 'failed' = 'done') {
    const postId = await postBy(author);
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      `
      INSERT INTO post_images (post_id, image_url, display_order, detected_object, detection_status)
      VALUES ($1, '/media/post-images/x/y.jpg', 0, $2, $3) RETURNING id`,
      [postId, status === 'done' ? 'sash lock' : null, status],
    );
    return rows[0]!.id;
  }
  /** The user management target: the author row acts on themself, everyone else on a member with no role. */
  const target = async (ctx: Ctx) => (ctx.who === 'author' ? ctx.author.id : plainMember());

  const ROWS: Row[] = [
    // Accounts: open to everyone (rate limited), except changing a password.
    {
      route: 'POST /api/account/sign-up',
      expect: all(200),
      request: () => ({
        url: '/api/account/sign-up',
        payload: { email: `new${++n}-${Date.now()}@example.com`, password: 'Correct-Horse9' },
      }),
    },
    {
      route: 'POST /api/account/sign-in',
      expect: all(200),
      request: () => ({
        url: '/api/account/sign-in',
        payload: { email: signInTarget.email, password: signInTarget.password },
      }),
    },
    {
      route: 'POST /api/account/sign-out',
      fresh: 'session',
      expect: all(200),
      request: () => ({ url: '/api/account/sign-out' }),
    },
    {
      route: 'POST /api/account/forgot-password',
      expect: all(200),
      request: () => ({ url: '/api/account/forgot-password', payload: { email: 'nobody@example.com' } }),
    },
    {
      route: 'POST /api/account/reset-password',
      expect: all(400),
      request: () => ({
        url: '/api/account/reset-password',
        payload: { token: 'not-a-token', password: 'Correct-Horse9' },
      }),
    },
    {
      route: 'POST /api/account/change-password',
      fresh: 'password',
      expect: members(200),
      request: (ctx) => ({
        url: '/api/account/change-password',
        payload: { currentPassword: ctx.actor?.password ?? 'Correct-Horse9', newPassword: 'Another-Horse9' },
      }),
    },
    // Asking, liking, bookmarking, uploading: members who are not banned.
    { route: 'POST /api/posts', expect: members(201), request: () => ({ url: '/api/posts', payload: askBody() }) },
    {
      route: 'POST /api/posts/:id/like',
      expect: members(200),
      request: async (ctx) => ({ url: `/api/posts/${await postBy(ctx.author)}/like` }),
    },
    {
      route: 'POST /api/posts/:id/bookmark',
      expect: members(200),
      request: async (ctx) => ({ url: `/api/posts/${await postBy(ctx.author)}/bookmark` }),
    },
    {
      route: 'POST /api/uploads/images',
      expect: members(200),
      request: async () => ({
        url: '/api/uploads/images',
        multipart: await multipart([
          [
            'files',
            await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
              .png()
              .toBuffer(),
            'p.png',
          ],
        ]),
      }),
    },
    {
      route: 'POST /api/uploads/video',
      expect: members(200),
      request: async () => ({ url: '/api/uploads/video', multipart: await multipart([['video', VIDEO, 'clip.webm']]) }),
    },
    {
      route: 'DELETE /api/uploads/:id',
      expect: members(204),
      request: async (ctx) => ({
        url: `/api/uploads/${(await insertUpload(t, (ctx.actor ?? ctx.author).id, 'image')).id}`,
      }),
    },
    // Replying: members who are not banned, on an open post.
    {
      route: 'POST /api/posts/:id/replies',
      expect: members(201),
      request: async (ctx) => ({
        url: `/api/posts/${await postBy(ctx.author)}/replies`,
        payload: { content: 'Try a new balance spring from the maker.' },
      }),
    },
    // Flags (issue 26): members flag what they may see, never their own.
    {
      route: 'POST /api/posts/:id/flag',
      expect: { ...members(201), author: 403 },
      request: async (ctx) => ({ url: `/api/posts/${await postBy(ctx.author)}/flag`, payload: { reason: 'spam' } }),
    },
    {
      route: 'POST /api/replies/:id/flag',
      expect: { ...members(201), author: 403 },
      request: async (ctx) => ({ url: `/api/replies/${await replyBy(ctx.author)}/flag`, payload: { reason: 'rude' } }),
    },
    {
      route: 'POST /api/account/verify-email/resend',
      expect: members(200),
      request: () => ({ url: '/api/account/verify-email/resend' }),
    },
    // A question's photo read on the ask form (issue 24): its uploader (the others' photo is not found for them).
    {
      route: 'POST /api/uploads/:id/detection',
      expect: members(200),
      request: async (ctx) => ({
        url: `/api/uploads/${(await insertUpload(t, (ctx.actor ?? ctx.author).id, 'image')).id}/detection`,
        payload: { title: 'A sash lock', description: '' },
      }),
    },
    // How far one has read a post: every member their own.
    {
      route: 'PUT /api/posts/:id/read',
      expect: members(200),
      request: async (ctx) => ({ url: `/api/posts/${await postBy(ctx.author)}/read`, payload: {} }),
    },
    // The bell: one's own notifications.
    {
      route: 'POST /api/notifications/:id/read',
      expect: members(200),
      request: async (ctx) => {
        const { rows } = await sqlQuery<{ id: string }>(
          t,
          "INSERT INTO notifications (user_id, type, message) VALUES ($1, 'post_approved', 'Approved') RETURNING id",
          [(ctx.actor ?? ctx.author).id],
        );
        return { url: `/api/notifications/${rows[0]!.id}/read` };
      },
    },
    {
      route: 'POST /api/notifications/read-all',
      expect: members(200),
      request: () => ({ url: '/api/notifications/read-all' }),
    },
    // One-click unsubscribe: the signed token decides, not the session (a forged one is refused for everyone).
    {
      route: 'POST /api/email/unsubscribe',
      expect: all(400),
      request: () => ({ url: '/api/email/unsubscribe?token=forged', payload: { 'List-Unsubscribe': 'One-Click' } }),
    },
    // Which posts a live stream watches: anyone's own stream, visitors included.
    {
      route: 'PUT /api/events/:streamId/posts',
      expect: all(204),
      request: () => ({ url: `/api/events/${crypto.randomUUID()}/posts`, payload: { postIds: [] } }),
    },
    // Link previews for the reply form: members; the test app resolves no host, so the answer is 'no card' (204).
    {
      route: 'POST /api/link-preview',
      expect: members(204),
      request: () => ({ url: '/api/link-preview', payload: { url: 'https://example.com/hinge' } }),
    },
    // One's own settings.
    {
      route: 'PATCH /api/settings/profile',
      expect: members(200),
      request: () => ({ url: '/api/settings/profile', payload: { bio: 'Fixes sash windows.' } }),
    },
    {
      route: 'PUT /api/settings/avatar',
      expect: members(200),
      request: () => ({ url: '/api/settings/avatar', payload: { kind: 'preset', emoji: '🔧' } }),
    },
    { route: 'DELETE /api/settings/avatar', expect: members(200), request: () => ({ url: '/api/settings/avatar' }) },
    {
      route: 'PUT /api/settings/email-preferences',
      expect: members(200),
      request: () => ({ url: '/api/settings/email-preferences', payload: DEFAULT_EMAIL_PREFERENCES }),
    },
    {
      route: 'PUT /api/settings/digest',
      expect: members(200),
      request: () => ({ url: '/api/settings/digest', payload: { digest: 'weekly' } }),
    },
    // Push (issue 29): one's own devices and kinds; no route takes a user id.
    {
      route: 'POST /api/settings/push/devices',
      expect: members(200),
      request: () => ({
        url: '/api/settings/push/devices',
        payload: {
          endpoint: `https://push.example.com/${crypto.randomUUID()}`,
          keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
        },
      }),
    },
    {
      route: 'DELETE /api/settings/push/devices/:id',
      expect: members(200),
      request: async (ctx) => {
        const { rows } = await sqlQuery<{ id: string }>(
          t,
          "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device) VALUES ($1, $2, 'k', 'a', 'Firefox on Linux') RETURNING id",
          [(ctx.actor ?? ctx.author).id, `https://push.example.com/${crypto.randomUUID()}`],
        );
        return { url: `/api/settings/push/devices/${rows[0]!.id}` };
      },
    },
    {
      route: 'PUT /api/settings/push/preferences',
      expect: members(200),
      request: () => ({ url: '/api/settings/push/preferences', payload: DEFAULT_PUSH_PREFERENCES }),
    },
    {
      route: 'DELETE /api/settings/account',
      fresh: 'session',
      expect: members(200),
      request: () => ({ url: '/api/settings/account', payload: { confirm: 'CONFIRM' } }),
    },
    // The review queue and post actions: staff.
    {
      route: 'POST /api/admin/posts/:id/approve',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/posts/${await postBy(ctx.author, 'pending')}/approve` }),
    },
    {
      route: 'POST /api/admin/posts/:id/deny',
      expect: staff(200),
      request: async (ctx) => ({
        url: `/api/admin/posts/${await postBy(ctx.author, 'pending')}/deny`,
        payload: { reason: 'Not hardware' },
      }),
    },
    {
      route: 'POST /api/admin/posts/:id/solve',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/posts/${await postBy(ctx.author)}/solve` }),
    },
    {
      route: 'POST /api/admin/posts/:id/reopen',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/posts/${await postBy(ctx.author, 'solved')}/reopen` }),
    },
    {
      route: 'POST /api/admin/posts/:id/unapprove',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/posts/${await postBy(ctx.author)}/unapprove` }),
    },
    {
      route: 'DELETE /api/admin/posts/:id',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/posts/${await postBy(ctx.author)}` }),
    },
    {
      route: 'POST /api/admin/replies/:id/pin',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/replies/${await replyBy(ctx.author)}/pin` }),
    },
    {
      route: 'POST /api/admin/replies/:id/unpin',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/replies/${await replyBy(ctx.author, true)}/unpin` }),
    },
    {
      route: 'DELETE /api/admin/replies/:id',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/replies/${await replyBy(ctx.author)}` }),
    },
    // Flags and held replies (issue 26): staff decide.
    {
      route: 'POST /api/admin/flags/:targetType/:targetId/:decision',
      expect: staff(200),
      request: async (ctx) => {
        const postId = await postBy(ctx.author);
        await sqlQuery(
          t,
          "INSERT INTO flags (target_type, target_id, post_id, target_author_id, user_id, reason) VALUES ('post', $1, $1, $2, $3, 'spam')",
          [postId, ctx.author.id, await plainMember()],
        );
        return { url: `/api/admin/flags/post/${postId}/dismiss` };
      },
    },
    {
      route: 'POST /api/admin/replies/:id/approve',
      expect: staff(200),
      request: async (ctx) => {
        const id = await replyBy(ctx.author);
        await sqlQuery(t, "UPDATE replies SET status = 'pending' WHERE id = $1", [id]);
        return { url: `/api/admin/replies/${id}/approve` };
      },
    },
    // Editing (issue 23): the author or staff; restoring a revision: staff.
    {
      route: 'PATCH /api/posts/:id',
      expect: authorOrStaff(200),
      request: async (ctx) => ({
        url: `/api/posts/${await postBy(ctx.author)}`,
        payload: { ...askBody(), version: 1 },
      }),
    },
    {
      route: 'PATCH /api/replies/:id',
      expect: authorOrStaff(200),
      request: async (ctx) => ({
        url: `/api/replies/${await replyBy(ctx.author)}`,
        payload: { content: 'An edited reply, long enough.', version: 1 },
      }),
    },
    {
      route: 'POST /api/revisions/:id/restore',
      expect: staff(200),
      request: async (ctx) => {
        const postId = await postBy(ctx.author);
        const fields = { ...askBody(), images: [], video: null };
        const { rows } = await sqlQuery<{ id: string }>(
          t,
          'INSERT INTO revisions (post_id, editor_id, before, after) VALUES ($1, $2, $3, $4) RETURNING id',
          [postId, ctx.author.id, { ...fields, title: 'The title before the edit' }, fields],
        );
        return { url: `/api/revisions/${rows[0]!.id}/restore` };
      },
    },
    // Part pages (decision 034): a number typed in a public question gets a page; staff name and merge them.
    {
      route: 'PATCH /api/parts/:number',
      expect: staff(200),
      request: async () => {
        const number = `ZQ-${70000 + ++n}`;
        await insertPost(t, {
          description: `The keeper is stamped ${number} on its face and it no longer holds the sash.`,
        });
        return { url: `/api/parts/${number}`, payload: { name: 'Sash keeper', category: 'Keepers' } };
      },
    },
    {
      route: 'POST /api/parts/:number/merge',
      expect: staff(200),
      request: async () => {
        // Two numbers apart by more than two characters: the reader takes closer ones for one unsure reading.
        const [from, into] = [`ZR-${70000 + ++n}`, `KT-${90000 + n}`];
        await insertPost(t, {
          description: `The keeper is stamped ${from} and the strike ${into}, both worn through now.`,
        });
        return { url: `/api/parts/${from}/merge`, payload: { into } };
      },
    },
    // The accepted answer: the asker or staff; 'Helpful': members, not on their own reply.
    {
      route: 'POST /api/posts/:id/accept',
      expect: authorOrStaff(200),
      request: async (ctx) => {
        const postId = await postBy(ctx.author);
        const replyId = await replyOn(postId);
        return { url: `/api/posts/${postId}/accept`, payload: { replyId } };
      },
    },
    {
      route: 'DELETE /api/posts/:id/accept',
      expect: authorOrStaff(200),
      request: async (ctx) => {
        const postId = await postBy(ctx.author, 'solved');
        await sqlQuery(t, 'UPDATE posts SET accepted_reply_id = $1 WHERE id = $2', [await replyOn(postId), postId]);
        return { url: `/api/posts/${postId}/accept` };
      },
    },
    {
      route: 'POST /api/replies/:id/helpful',
      expect: { ...members(200), author: 403 },
      request: async (ctx) => ({ url: `/api/replies/${await replyBy(ctx.author)}/helpful` }),
    },
    // Drafts and the composer (issue 25): every member their own; there is no one else's draft to reach.
    {
      route: 'PUT /api/drafts/question',
      expect: members(200),
      request: () => ({ url: '/api/drafts/question', payload: { fields: { title: 'Half a title' } } }),
    },
    { route: 'DELETE /api/drafts/question', expect: members(204), request: () => ({ url: '/api/drafts/question' }) },
    {
      route: 'PUT /api/drafts/replies/:id',
      expect: members(200),
      request: async (ctx) => ({
        url: `/api/drafts/replies/${await postBy(ctx.author)}`,
        payload: { fields: { content: 'Half a reply' } },
      }),
    },
    {
      route: 'DELETE /api/drafts/replies/:id',
      expect: members(204),
      request: async (ctx) => ({ url: `/api/drafts/replies/${await postBy(ctx.author)}` }),
    },
    // Drafts of edits: of the question's or reply's author or staff, as the edit itself.
    {
      route: 'PUT /api/drafts/question-edits/:id',
      expect: authorOrStaff(200),
      request: async (ctx) => ({
        url: `/api/drafts/question-edits/${await postBy(ctx.author)}`,
        payload: { fields: { title: 'Half an edited title', version: 1 } },
      }),
    },
    {
      route: 'DELETE /api/drafts/question-edits/:id',
      expect: authorOrStaff(204),
      request: async (ctx) => ({ url: `/api/drafts/question-edits/${await postBy(ctx.author)}` }),
    },
    {
      route: 'PUT /api/drafts/reply-edits/:id',
      expect: authorOrStaff(200),
      request: async (ctx) => ({
        url: `/api/drafts/reply-edits/${await replyBy(ctx.author)}`,
        payload: { fields: { content: 'Half an edited reply', version: 1 } },
      }),
    },
    {
      route: 'DELETE /api/drafts/reply-edits/:id',
      expect: authorOrStaff(204),
      request: async (ctx) => ({ url: `/api/drafts/reply-edits/${await replyBy(ctx.author)}` }),
    },
    {
      route: 'POST /api/markdown/preview',
      expect: members(200),
      request: () => ({ url: '/api/markdown/preview', payload: { text: '**bold**' } }),
    },
    // User management: staff; roles for admins alone.
    // Image detection: staff correct an object (AI off here: saved without a vector) and retry a failed detection.
    {
      route: 'POST /api/admin/regenerate-image-embedding',
      expect: staff(200),
      request: async (ctx) => ({
        url: '/api/admin/regenerate-image-embedding',
        payload: { imageId: await imageOf(ctx.author), userConfirmedObject: 'casement window operator' },
      }),
    },
    {
      route: 'POST /api/admin/images/:id/retry-detection',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/images/${await imageOf(ctx.author, 'failed')}/retry-detection` }),
    },
    {
      route: 'POST /api/admin/users/:id/ban',
      expect: staff(200),
      request: async (ctx) => ({
        url: `/api/admin/users/${await target(ctx)}/ban`,
        payload: { reason: 'Spam', duration: '7' },
      }),
    },
    {
      route: 'POST /api/admin/users/:id/unban',
      expect: staff(200),
      request: async (ctx) => {
        const id = await target(ctx);
        if (ctx.who !== 'author')
          await sqlQuery(t, "UPDATE profiles SET status = 'banned', ban_reason = 'x' WHERE id = $1", [id]);
        return { url: `/api/admin/users/${id}/unban` };
      },
    },
    {
      route: 'PUT /api/admin/users/:id/role',
      expect: admins(200),
      request: async (ctx) => ({ url: `/api/admin/users/${await target(ctx)}/role`, payload: { role: 'moderator' } }),
    },
    {
      route: 'PUT /api/admin/users/:id/trust',
      expect: staff(200),
      request: async (ctx) => ({
        url: `/api/admin/users/${await target(ctx)}/trust`,
        payload: { level: 3, locked: true },
      }),
    },
    // Issue 30: the site settings are for admins alone.
    {
      route: 'PUT /api/admin/settings',
      expect: admins(200),
      request: () => ({ url: '/api/admin/settings', payload: { siteDescription: `Changed ${++n}` } }),
    },
    {
      route: 'DELETE /api/admin/users/:id',
      expect: staff(200),
      request: async (ctx) => ({ url: `/api/admin/users/${await target(ctx)}`, payload: { confirm: 'CONFIRM' } }),
    },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['member', 'banned', 'author', 'moderator', 'admin'] as const) shared[who] = await makeActor(who);
    signInTarget = toActor(await signUpMember(t.app));
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('has a row for every mutating route the app registers', () => {
    const mutating = t.app.routeList
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(mutating).size).toBe(mutating.length);
    expect([...mutating].sort()).toEqual(ROWS.map((r) => r.route).sort());
  });

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const outcomes: Partial<Outcomes> = {};
    const codes: Partial<Record<Who, string>> = {};
    for (const who of EVERYONE) {
      const actor =
        who === 'visitor'
          ? null
          : row.fresh
            ? await makeActor(who, { password: row.fresh === 'password' })
            : shared[who]!;
      const ctx: Ctx = { who, actor, author: who === 'author' && actor ? actor : shared.author! };
      const req = await row.request(ctx);
      const method = row.route.split(' ')[0];
      const res = await t.app.inject({
        method: method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: req.url,
        headers: {
          origin: ORIGIN,
          ...(actor?.cookie ? { cookie: actor.cookie } : {}),
          ...(req.multipart ? { 'content-type': req.multipart.contentType } : {}),
        },
        ...(req.multipart ? { payload: req.multipart.payload } : req.payload ? { payload: req.payload } : {}),
      });
      outcomes[who] = res.statusCode;
      if (res.statusCode === 403) codes[who] = res.json().error;
    }
    expect(outcomes).toEqual(row.expect);
    // A banned member is refused as banned wherever a member may write; others are simply not allowed.
    if (row.expect.banned === 403) expect(codes.banned).toBe('BANNED');
    for (const who of ['member', 'author', 'moderator'] as const)
      if (row.expect[who] === 403) expect(codes[who]).toBe('FORBIDDEN');
  });
});
