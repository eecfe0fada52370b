import { MSG, type ToggleResult } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { lockActingMember, type MemberRow } from '../../lib/member.js';
import * as repo from './repo.js';
import { isPostId } from './viewer.js';

/** A member's like or bookmark on a public post, switched on or off. */
export async function toggleMark(
  db: Db,
  kind: 'like' | 'bookmark',
  member: MemberRow,
  postId: string,
): Promise<ToggleResult> {
  if (!isPostId(postId)) throw notFound(MSG.postNotFound);
  return db.transaction(async (tx) => {
    // The member first, then the post: the order an account deletion takes them in.
    if (!(await lockActingMember(tx, member.id))) throw unauthorized();
    const status = await repo.lockPostStatus(tx, postId);
    if (!status || !repo.PUBLIC_STATUSES.includes(status)) throw notFound(MSG.postNotFound);
    return kind === 'like' ? repo.toggleVote(tx, postId, member.id) : repo.toggleBookmark(tx, postId, member.id);
  });
}
