import { z } from 'zod';
import { MAX_WATCHED_POSTS, SINCE_PATTERN } from './events.js';

export const watchPostsSchema = z.object({
  postIds: z.array(z.uuid()).max(MAX_WATCHED_POSTS, `At most ${MAX_WATCHED_POSTS} posts can be watched`),
  /** When the page this tab shows was drawn by the server: the time its data was read (see events.ts). */
  since: z.string().regex(SINCE_PATTERN).optional(),
});
export type WatchPostsInput = z.infer<typeof watchPostsSchema>;
