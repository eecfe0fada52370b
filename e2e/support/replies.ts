import { expect, type APIRequestContext } from '@playwright/test';
import type { Reply } from '@fenestra/shared';
import { E2E_BASE_URL } from './env';
import { e2eDb } from './db';

/** A reply through the API, as the signed-in member of `request` would send it from another browser. */
export async function replyThroughApi(
  request: APIRequestContext,
  postId: string,
  content: string,
  imageUploadIds: string[] = [],
): Promise<Reply> {
  const res = await request.post(`${E2E_BASE_URL}/api/posts/${postId}/replies`, {
    headers: { origin: E2E_BASE_URL },
    data: { content, imageUploadIds },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Reply;
}

/** Pins a reply straight in the database (the staff's pin button belongs to the moderation pages). */
export async function pinReply(replyId: string): Promise<void> {
  await e2eDb().query(`UPDATE replies SET is_pinned = true WHERE id = $1`, [replyId]);
}
