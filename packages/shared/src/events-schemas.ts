import { z } from 'zod';
import { MAX_WATCHED_POSTS } from './events.js';

export const watchPostsSchema = z.object({
  postIds: z.array(z.uuid()).max(MAX_WATCHED_POSTS, `At most ${MAX_WATCHED_POSTS} posts can be watched`),
});
export type WatchPostsInput = z.infer<typeof watchPostsSchema>;
