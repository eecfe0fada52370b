import { NOTIFICATION_TEXT, TRUSTED_LEVEL, distinctTags, type CreatePostInput } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import type { MemberRow } from '../../lib/member.js';
import type { CommunitySwitches } from '../../config/community.js';
import { claimUploads } from '../uploads/service.js';
import { insertNotifications, staffIdsExcept } from '../notifications/service.js';
import { queueDetections } from '../detection/service.js';
import { resolveMentions } from '../mentions/service.js';
import { clearDraft } from '../drafts/service.js';
import { addToPostCount, writeLog } from '../moderation/service.js';
import * as repo from './repo.js';
import { keepPreviewOf } from './previews.js';

/**
 * A new post waits for review: its uploads claimed, its detections queued, staff told, in one transaction. With
 * AUTO_APPROVE_TRUSTED on, a trusted member's (level 2+) is public at once, logged 'auto-approved (trusted)'.
 */
export async function createPost(
  deps: { db: Db; detectionOn: boolean; switches: () => CommunitySwitches },
  member: MemberRow,
  input: CreatePostInput,
): Promise<{ id: string; status: 'pending' | 'open' }> {
  const tags = distinctTags(input.tags);
  const status = deps.switches().autoApproveTrusted && member.trustLevel >= TRUSTED_LEVEL ? 'open' : 'pending';
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertPost(tx, {
      userId: member.id,
      topic: input.topic,
      title: input.title,
      description: input.description,
      status,
    });
    await keepPreviewOf(tx, id, input.description);
    await repo.insertTags(tx, id, tags);
    await repo.insertImages(tx, id, await claimUploads(tx, member.id, input.imageUploadIds, 'image'));
    await queueDetections(tx, id, deps.detectionOn);
    await clearDraft(tx, member.id, null);
    if (input.videoUploadId) {
      const [video] = await claimUploads(tx, member.id, [input.videoUploadId], 'video');
      await repo.insertVideo(tx, id, video!);
    }
    if (status === 'open') await autoApproved(tx, member, { id, title: input.title, description: input.description });
    else {
      const staff = await staffIdsExcept(tx, member.id);
      await insertNotifications(
        tx,
        staff.map((userId) => ({
          userId,
          type: 'post_pending_review' as const,
          message: NOTIFICATION_TEXT.post_pending_review(input.title),
          postId: id,
        })),
      );
    }
    return { id, status };
  });
}

/** What an approval does, without a moderator: the public post count, the mentions told, the log's row. */
async function autoApproved(tx: Tx, member: MemberRow, post: { id: string; title: string; description: string }) {
  await addToPostCount(tx, member.id, 1);
  const mentions = await resolveMentions(tx, post.description);
  await insertNotifications(
    tx,
    mentions
      .filter((m) => m.userId !== member.id)
      .map((m) => ({
        userId: m.userId,
        type: 'mention' as const,
        postId: post.id,
        message: NOTIFICATION_TEXT.mention(member.username, post.title),
      })),
  );
  await writeLog(tx, {
    actorId: null,
    actorUsername: null,
    action: 'auto_approve',
    targetType: 'post',
    targetId: post.id,
    targetLabel: post.title,
    reason: 'auto-approved (trusted)',
  });
}
