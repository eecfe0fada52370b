import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

const HOUR = 3_600_000;

/** A text as it read before its last sentence was added (how a demo edit looks: the fix written up afterwards). */
const withoutLastSentence = (text: string) => {
  const cut = text.trimEnd().replace(/\s*[^.!?]+[.!?]?$/, '');
  return cut.length >= 50 ? cut : `${text.slice(0, Math.max(50, text.length - 20))}`;
};

/** The question's fields as a revision keeps them, read from its rows, with this description. */
const postFields = (postId: string, description: string) => sql`jsonb_build_object(
  'topic', p.topic, 'title', p.title, 'description', ${description}::text,
  'tags', (SELECT coalesce(jsonb_agg(t.tag ORDER BY t.tag), '[]'::jsonb) FROM post_tags t WHERE t.post_id = ${postId}::uuid),
  'images', (SELECT coalesce(jsonb_agg(i.image_url ORDER BY i.display_order), '[]'::jsonb) FROM post_images i WHERE i.post_id = ${postId}::uuid),
  'video', (SELECT v.video_url FROM post_videos v WHERE v.post_id = ${postId}::uuid))`;

/**
 * Issue 23's demo content, after the posts, replies, photos, videos and likes are in: solved questions whose pinned
 * reply is another member's have it as their accepted answer; members who liked a question marked its pinned and
 * accepted replies helpful; and a few questions and one reply were edited by their authors a while after writing
 * (each with its revision), so 'edited' and the history dialog have something to show.
 */
export async function seedEditsAndAnswers(
  tx: Tx,
  planned: { id: string; post: { status: string; description: string }; postAt: number }[],
  replies: { id: string; postId: string; content: string; createdAt: Date }[],
  now: number,
): Promise<void> {
  await tx.execute(sql`
    UPDATE posts p SET accepted_reply_id = r.id
    FROM replies r
    WHERE r.post_id = p.id AND r.is_pinned AND p.status = 'solved' AND r.user_id IS DISTINCT FROM p.user_id`);
  await tx.execute(sql`
    INSERT INTO reply_helpful (reply_id, user_id, created_at)
    SELECT r.id, v.user_id, greatest(v.created_at, r.created_at) + interval '1 hour'
    FROM replies r JOIN post_votes v ON v.post_id = r.post_id
    WHERE (r.is_pinned OR r.id IN (SELECT accepted_reply_id FROM posts WHERE accepted_reply_id IS NOT NULL))
      AND v.user_id IS DISTINCT FROM r.user_id
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    UPDATE replies r SET helpful_count = (SELECT count(*) FROM reply_helpful h WHERE h.reply_id = r.id)`);

  const open = planned.filter((p) => p.post.status === 'open' && now - p.postAt > 4 * HOUR).slice(0, 3);
  for (const p of open) {
    const at = new Date(p.postAt + 3 * HOUR);
    await tx.execute(sql`
      INSERT INTO revisions (post_id, editor_id, kind, before, after, created_at)
      SELECT p.id, p.user_id, 'edit', ${postFields(p.id, withoutLastSentence(p.post.description))},
             ${postFields(p.id, p.post.description)}, ${at}
      FROM posts p WHERE p.id = ${p.id}`);
    await tx.execute(sql`UPDATE posts SET edited_at = ${at}, version = 2 WHERE id = ${p.id}`);
  }
  const reply = replies.find((r) => open.some((p) => p.id === r.postId) && now - r.createdAt.getTime() > 2 * HOUR);
  if (reply) {
    const at = new Date(reply.createdAt.getTime() + HOUR);
    await tx.execute(sql`
      INSERT INTO revisions (post_id, reply_id, editor_id, kind, before, after, created_at)
      SELECT r.post_id, r.id, r.user_id, 'edit',
             jsonb_build_object('content', ${withoutLastSentence(reply.content)}::text, 'images', '[]'::jsonb),
             jsonb_build_object('content', r.content, 'images', '[]'::jsonb), ${at}
      FROM replies r WHERE r.id = ${reply.id}`);
    await tx.execute(sql`UPDATE replies SET edited_at = ${at}, version = 2 WHERE id = ${reply.id}`);
  }
}
