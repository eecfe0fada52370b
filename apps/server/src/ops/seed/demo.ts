import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { seedVideosFolder } from '../../paths.js';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { demoPasswordFile } from './password-file.js';
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { NOTIFICATION_TEXT, type ModerationAction, type NotificationType } from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import {
  accounts,
  bookmarks,
  moderationLog,
  notifications,
  postImages,
  postTags,
  postVideos,
  postVotes,
  posts,
  profiles,
  replies,
  userRoles,
  users,
} from '../../db/schema/index.js';
import {
  storagePath,
  storePicture as putPicture,
  VARIANT_WIDTHS,
  withVariants,
  type Storage,
} from '../../adapters/storage/storage.js';
import { pictureCopies } from '../../adapters/media/image.js';
import { openStorage } from '../../adapters/storage/open.js';
import { ADMIN_EMAIL, MEMBERS, POSTS, type SeedPost } from './content.js';
import { renderPictures } from './images.js';
import { SEED_VIDEOS } from './videos.js';
import { seedEditsAndAnswers } from './edits.js';

/** A password made for this install: 22 random characters, with the upper, lower and digit the rules ask for. */
function newPassword(): string {
  for (;;) {
    const candidate = randomBytes(16).toString('base64url').slice(0, 22);
    if (/[A-Z]/.test(candidate) && /[a-z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

function keepDemoPassword(dataDir: string, password: string) {
  mkdirSync(dataDir, { recursive: true });
  const file = demoPasswordFile(dataDir);
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PUBLIC = new Set(['open', 'solved']);

interface Log {
  info(msg: string): void;
}

type Picture = Awaited<ReturnType<typeof pictureCopies>> & { data: Buffer };

/** Each picture's size and smaller copies, one picture after another (as renderPictures draws them). */
async function withCopies(pictures: Buffer[]): Promise<Picture[]> {
  const out: Picture[] = [];
  for (const data of pictures) out.push({ data, ...(await pictureCopies(data, VARIANT_WIDTHS['post-images'])) });
  return out;
}

/** Stores a seed picture with its copies beside it, as an upload does. */
async function storePicture(storage: Storage, filePath: string, picture: Picture) {
  const store = async (...put: Parameters<Storage['put']>) => (await storage.put(...put)).publicUrl;
  const publicUrl = await putPicture(store, 'post-images', filePath, { ...picture, mime: 'image/jpeg' });
  return {
    path: filePath,
    publicUrl,
    width: picture.width,
    height: picture.height,
    variantWidths: picture.variants.map((v) => v.width),
  };
}

/** Small deterministic generator, so every fresh install gets the same community. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Plans the times of a post, its replies and its moderation: approval before the first reply, a
 * denial a few hours in, the solve after the last reply; everything after the post and before now.
 */
function timeline(post: SeedPost, now: number, rnd: () => number) {
  const postAt = now - post.daysAgo * DAY + (rnd() - 0.5) * Math.min(2 * HOUR, post.daysAgo * DAY * 0.2);
  const afters = (post.replies ?? []).map((r) => r.after * HOUR + rnd() * 0.4 * HOUR);
  const room = now - 10 * 60_000 - postAt;
  const last = Math.max(0, ...afters);
  const squeeze = last > room ? (room * 0.9) / last : 1;
  const replyAts = afters.map((a) => postAt + Math.max(2 * 60_000, a * squeeze));
  const firstReplyAt = Math.min(now, ...replyAts);
  const lastReplyAt = Math.max(postAt, ...replyAts);
  return {
    postAt,
    replyAts,
    approvedAt: postAt + Math.min(1.5 * HOUR, (firstReplyAt - postAt) / 2),
    deniedAt: Math.min(postAt + 3 * HOUR, now - 60_000),
    solvedAt: lastReplyAt + Math.min(2 * HOUR, (now - lastReplyAt) / 2),
  };
}

/**
 * Loads the demo community into an empty database in one transaction: accounts, questions, replies,
 * likes, bookmarks, notifications and pictures. Counters are computed from the rows at the end.
 */
export async function seedDemo(
  db: Db,
  config: Config,
  log: Log,
): Promise<{ adminEmail: string; adminPassword: string }> {
  const started = Date.now();
  const now = Date.now();
  const rnd = random(1962);

  // Plan the posts first: members' join dates must come before anything they wrote.
  const planned = POSTS.map((post) => ({ post, id: crypto.randomUUID(), ...timeline(post, now, rnd) }));
  const firstActivity = new Map<string, number>();
  const touch = (username: string, at: number) => {
    firstActivity.set(username, Math.min(firstActivity.get(username) ?? Infinity, at));
  };
  for (const p of planned) {
    touch(p.post.by, p.postAt);
    p.post.replies?.forEach((r, i) => touch(r.by, p.replyAts[i]!));
  }
  const members = MEMBERS.map((m) => {
    const joinedAt = Math.min(
      now - m.joinedDaysAgo * DAY + rnd() * 6 * HOUR - 3 * HOUR,
      (firstActivity.get(m.username) ?? now) - 2 * HOUR,
    );
    return { ...m, id: crypto.randomUUID(), joinedAt: Math.min(joinedAt, now - HOUR) };
  });
  const byName = new Map(members.map((m) => [m.username, m]));
  const member = (username: string) => {
    const m = byName.get(username);
    if (!m) throw new Error(`Demo content names an unknown member: ${username}`);
    return m;
  };

  // Pictures render on sharp's thread while the password is hashed and the rows are written.
  const pictureJobs = planned.flatMap((p) => (p.post.images ?? []).map((image, order) => ({ p, image, order })));
  const rendering = renderPictures(pictureJobs.map((job) => job.image)).then(withCopies);
  rendering.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  // The admin's password is made now and kept in DATA_DIR; the other demo members' is thrown away.
  const adminPassword = newPassword();
  const [adminHash, othersHash] = await Promise.all([hashPassword(adminPassword), hashPassword(newPassword())]);

  const storage = await openStorage(config);
  const storedFiles: { bucket: 'post-images' | 'post-videos'; path: string }[] = [];
  const videoFiles = Promise.all(
    SEED_VIDEOS.map(async (v) => ({
      video: v,
      clip: await readFile(path.join(seedVideosFolder, `${v.file}.mp4`)),
      poster: (await withCopies([await readFile(path.join(seedVideosFolder, `${v.file}.jpg`))]))[0]!,
    })),
  );
  videoFiles.catch(() => {}); // awaited below
  let picturesReadyMs = 0;

  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values(
        members.map((m) => ({
          id: m.id,
          name: m.username,
          email: m.email,
          createdAt: new Date(m.joinedAt),
          updatedAt: new Date(m.joinedAt),
        })),
      );
      await tx.insert(accounts).values(
        members.map((m) => ({
          id: crypto.randomUUID(),
          accountId: m.id,
          providerId: 'credential',
          userId: m.id,
          password: m.email === ADMIN_EMAIL ? adminHash : othersHash,
          createdAt: new Date(m.joinedAt),
          updatedAt: new Date(m.joinedAt),
        })),
      );
      await tx.insert(profiles).values(
        members.map((m) => ({
          id: m.id,
          username: m.username,
          bio: m.bio,
          avatarUrl: m.avatar ?? null,
          createdAt: new Date(m.joinedAt),
        })),
      );
      const staff = members.filter((m) => m.role && m.role !== 'user');
      if (staff.length) await tx.insert(userRoles).values(staff.map((m) => ({ userId: m.id, role: m.role! })));

      await tx.insert(posts).values(
        planned.map(({ post, id, postAt, replyAts }) => ({
          id,
          userId: member(post.by).id,
          topic: post.topic,
          title: post.title,
          description: post.description,
          status: post.status,
          denialReason: post.denialReason ?? null,
          createdAt: new Date(postAt),
          updatedAt: new Date(Math.max(postAt, ...replyAts)),
        })),
      );

      const tagRows = planned.flatMap(({ post, id }) => post.tags.map((tag) => ({ postId: id, tag })));
      if (tagRows.length) await tx.insert(postTags).values(tagRows);

      const replyRows = planned.flatMap(({ post, id, replyAts }) =>
        (post.replies ?? []).map((r, i) => ({
          id: crypto.randomUUID(),
          postId: id,
          userId: member(r.by).id,
          content: r.text,
          isPinned: Boolean(r.pinned),
          createdAt: new Date(replyAts[i]!),
          updatedAt: new Date(replyAts[i]!),
          seed: r,
          post,
        })),
      );
      if (replyRows.length)
        await tx.insert(replies).values(replyRows.map(({ seed: _seed, post: _post, ...row }) => row));

      // Likes and bookmarks from members who were around after the post went up.
      const voteRows: (typeof postVotes.$inferInsert)[] = [];
      const bookmarkRows: (typeof bookmarks.$inferInsert)[] = [];
      const reactionAt = (postAt: number, joinedAt: number) => {
        const from = Math.max(postAt, joinedAt) + 10 * 60_000;
        return new Date(from + rnd() * Math.max(0, now - from - 60_000));
      };
      for (const { post, id, postAt } of planned) {
        if (!PUBLIC.has(post.status)) continue;
        const others = members.filter((m) => m.username !== post.by);
        for (const m of shuffled(others, rnd).slice(0, post.likes)) {
          voteRows.push({ postId: id, userId: m.id, voteType: 1, createdAt: reactionAt(postAt, m.joinedAt) });
        }
        for (const m of shuffled(others, rnd).slice(0, post.bookmarks)) {
          bookmarkRows.push({ postId: id, userId: m.id, createdAt: reactionAt(postAt, m.joinedAt) });
        }
      }
      if (voteRows.length) await tx.insert(postVotes).values(voteRows);
      if (bookmarkRows.length) await tx.insert(bookmarks).values(bookmarkRows);

      const notificationRows: (typeof notifications.$inferInsert)[] = [];
      const notify = (userId: string, type: NotificationType, message: string, postId: string, at: number) => {
        const when = Math.min(at, now - 60_000);
        notificationRows.push({
          userId,
          type,
          message,
          postId,
          createdAt: new Date(when),
          read: now - when > 10 * DAY,
        });
      };
      for (const { post, id, postAt, approvedAt, deniedAt } of planned) {
        const author = member(post.by);
        if (PUBLIC.has(post.status))
          notify(author.id, 'post_approved', NOTIFICATION_TEXT.post_approved(post.title), id, approvedAt);
        if (post.status === 'denied')
          notify(
            author.id,
            'post_denied',
            NOTIFICATION_TEXT.post_denied(post.title, post.denialReason ?? ''),
            id,
            deniedAt,
          );
        if (post.status === 'pending') {
          for (const s of staff)
            notify(s.id, 'post_pending_review', NOTIFICATION_TEXT.post_pending_review(post.title), id, postAt + 60_000);
        }
      }
      for (const r of replyRows) {
        const author = member(r.post.by);
        const at = r.createdAt.getTime();
        if (r.userId !== author.id && now - at < 30 * DAY) {
          notify(author.id, 'new_reply', NOTIFICATION_TEXT.new_reply(r.seed.by, r.post.title), r.postId, at + 60_000);
        }
        if (r.isPinned && r.userId !== author.id) {
          notify(r.userId, 'reply_pinned', NOTIFICATION_TEXT.reply_pinned(r.post.title), r.postId, at + 6 * HOUR);
        }
      }
      if (notificationRows.length) await tx.insert(notifications).values(notificationRows);

      // The moderation log of those decisions, taken in turns by the staff, so analytics has a history.
      const logRows: (typeof moderationLog.$inferInsert & { action: ModerationAction })[] = [];
      planned.forEach(({ post, id, approvedAt, deniedAt, solvedAt }, i) => {
        const actor = staff[i % staff.length]!;
        const row = {
          actorId: actor.id,
          actorUsername: actor.username,
          targetType: 'post',
          targetId: id,
          targetLabel: post.title,
        };
        if (PUBLIC.has(post.status)) logRows.push({ ...row, action: 'approve', createdAt: new Date(approvedAt) });
        if (post.status === 'solved') logRows.push({ ...row, action: 'solve', createdAt: new Date(solvedAt) });
        if (post.status === 'denied')
          logRows.push({ ...row, action: 'deny', reason: post.denialReason ?? null, createdAt: new Date(deniedAt) });
      });
      if (logRows.length) await tx.insert(moderationLog).values(logRows);

      // Files first, then their rows; a failure later removes the files again (catch below).
      const pictures = await rendering;
      picturesReadyMs = Date.now() - started;
      const puts = await Promise.allSettled(
        pictureJobs.map(async ({ p }, i) => {
          const filePath = storagePath(member(p.post.by).id, 'jpg', Math.round(p.postAt) + i);
          storedFiles.push({ bucket: 'post-images', path: filePath });
          return storePicture(storage, filePath, pictures[i]!);
        }),
      );
      const failed = puts.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      const imageRows = pictureJobs.map(({ p, image, order }, i) => {
        const stored = (puts[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof storePicture>>>).value;
        const d = image.detection;
        return {
          postId: p.id,
          imageUrl: stored.publicUrl,
          width: stored.width,
          height: stored.height,
          variantWidths: stored.variantWidths,
          displayOrder: order,
          altText: `Image ${order + 1}`,
          detectedObject: d?.object ?? null,
          detectedCategory: d?.category ?? null,
          detectedMaterial: d?.material ?? null,
          detectedFinish: d?.finish ?? null,
          detectionConfidence: d?.confidence ?? null,
          keyFeatures: d?.features ?? [],
          visibleText: d?.visibleText ?? null,
          detectionStatus: d ? ('done' as const) : ('none' as const),
          createdAt: new Date(p.postAt),
        };
      });
      if (imageRows.length) await tx.insert(postImages).values(imageRows);

      // A few posts carry a short video guide, so Video Guides is not empty on a fresh start.
      const videoRows = await Promise.all(
        (await videoFiles).map(async ({ video, clip, poster }) => {
          const p = planned.find((x) => x.post.title === video.postTitle);
          if (!p) throw new Error(`Demo video names an unknown post: ${video.postTitle}`);
          const owner = member(p.post.by).id;
          const at = Math.round(p.postAt);
          const storedClip = await storage.put('post-videos', storagePath(owner, 'mp4', at), clip, 'video/mp4');
          storedFiles.push({ bucket: 'post-videos', path: storedClip.path });
          const posterPath = storagePath(owner, 'jpg', at);
          storedFiles.push({ bucket: 'post-images', path: posterPath });
          const storedPoster = await storePicture(storage, posterPath, poster);
          return {
            postId: p.id,
            videoUrl: storedClip.publicUrl,
            thumbnailUrl: storedPoster.publicUrl,
            thumbnailWidth: storedPoster.width,
            thumbnailHeight: storedPoster.height,
            thumbnailVariantWidths: storedPoster.variantWidths,
            durationSeconds: video.seconds,
            fileSizeBytes: clip.length,
            mimeType: 'video/mp4',
          };
        }),
      );
      if (videoRows.length) await tx.insert(postVideos).values(videoRows);
      await seedEditsAndAnswers(tx, planned, replyRows, now);

      // Counters straight from the rows, so they are true by construction.
      await tx.execute(sql`
        UPDATE posts p SET
          vote_count = (SELECT count(*) FROM post_votes v WHERE v.post_id = p.id),
          bookmark_count = (SELECT count(*) FROM bookmarks b WHERE b.post_id = p.id),
          reply_count = (SELECT count(*) FROM replies r WHERE r.post_id = p.id)`);
      await tx.execute(sql`
        UPDATE profiles pr SET
          post_count = (SELECT count(*) FROM posts p WHERE p.user_id = pr.id AND p.status IN ('open', 'solved'))`);
    });
  } catch (e) {
    await storage.remove(
      'post-images',
      withVariants(storedFiles.filter((f) => f.bucket === 'post-images')).map((f) => f.path),
    );
    await storage.remove(
      'post-videos',
      storedFiles.filter((f) => f.bucket === 'post-videos').map((f) => f.path),
    );
    throw e;
  }

  log.info(
    `Demo seed: ${members.length} members, ${planned.length} posts, ${pictureJobs.length} pictures, ${SEED_VIDEOS.length} videos in ${Date.now() - started} ms (pictures ready at ${picturesReadyMs} ms)`,
  );
  keepDemoPassword(config.dataDir, adminPassword);
  return { adminEmail: ADMIN_EMAIL, adminPassword };
}
