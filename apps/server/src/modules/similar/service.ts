import { z } from 'zod';
import { MSG, SEARCH_LIMITS, type SimilarQuestions } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { PostsService, Viewer } from '../posts/service.js';
import { similarTo, storeSimilar, storedSimilar, takeDue, STORED_SIMILAR, type SimilarRow } from './repo.js';

const BATCH = 50;
const asQuestions = (rows: SimilarRow[]): SimilarQuestions => ({
  questions: rows.map(({ id, title, status, score }) => ({ id, title, status, score })),
});

export function similarService(deps: { db: Db; posts: PostsService }) {
  const { db, posts } = deps;

  return {
    /** GET /api/similar for the ask page: up to 5 public questions like the draft, solved ones first. */
    async forDraft(query: { title?: unknown; description?: unknown }): Promise<SimilarQuestions> {
      const title = typeof query.title === 'string' ? query.title.slice(0, 200) : '';
      const description = typeof query.description === 'string' ? query.description.slice(0, SEARCH_LIMITS.similarDescription) : '';
      if (!title.trim() && !description.trim()) return { questions: [] };
      const best = await similarTo(db, { title, description }, null, SEARCH_LIMITS.similar);
      return asQuestions(best.sort((a, b) => Number(b.status === 'solved') - Number(a.status === 'solved') || b.score - a.score));
    },

    /** GET /api/posts/:id/similar: the stored list, public posts only; the post itself as its viewer may see it. */
    async forPost(viewer: Viewer | null, postId: string): Promise<SimilarQuestions> {
      if (!z.uuid().safeParse(postId).success) throw notFound(MSG.postNotFound);
      await posts.getPost(viewer, postId);
      return asQuestions(await storedSimilar(db, postId, SEARCH_LIMITS.similar));
    },
  };
}

/** The 'refresh-similar-posts' job: recomputes the list of every queued post, a batch per transaction; safe to run twice. */
export async function refreshDueSimilar(db: Db): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await takeDue(tx, BATCH);
      for (const post of due) {
        await storeSimilar(tx, post.id, await similarTo(tx, post, post.id, STORED_SIMILAR));
      }
      return due.length;
    });
    refreshed += done;
    if (done < BATCH) return refreshed;
  }
}

export type SimilarService = ReturnType<typeof similarService>;
