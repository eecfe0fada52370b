import { z } from 'zod';
import { publicPostsById } from './repo.js';
import { MSG, SEARCH_LIMITS, type SimilarQuestions } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { PostsService, Viewer } from '../posts/service.js';
import { cosine, type AiProvider } from '../../adapters/ai/index.js';
import { partNamedIn } from '../../adapters/ai/label-text.js';
import {
  candidateVectors, similarTo, storeSimilar, storedSimilar, takeDue, vectorScore, vectorsOfPost,
  MIN_SIMILAR_SCORE, STORED_SIMILAR, type SimilarRow,
} from './repo.js';
import type { Tx } from '../../db/client.js';

/** The full-text top that joins the vector candidates. */
const uuid = z.uuid();
const TEXT_CANDIDATES = 200;

/** Each candidate post's best score against any of these vectors, best first, at least the minimum. */
function bestByPost(mine: number[][], candidates: { postId: string; embedding: number[] }[]): { id: string; score: number }[] {
  const best = new Map<string, number>();
  for (const c of candidates) {
    for (const v of mine) {
      if (v.length !== c.embedding.length) continue;
      const score = vectorScore(cosine(v, c.embedding));
      if (score > (best.get(c.postId) ?? 0)) best.set(c.postId, score);
    }
  }
  return [...best].map(([id, score]) => ({ id, score })).filter((r) => r.score >= MIN_SIMILAR_SCORE)
    .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1));
}

/** A post's 'vector' rows: its images' vectors against candidates of the same object or category and the text top. */
async function refreshVectorSimilar(tx: Tx, post: { id: string; title: string; description: string }, model: string | null): Promise<void> {
  const mine = model ? await vectorsOfPost(tx, post.id, model) : null;
  if (!model || !mine || mine.vectors.length === 0) {
    await storeSimilar(tx, post.id, [], 'vector');
    return;
  }
  const textTop = await similarTo(tx, post, post.id, TEXT_CANDIDATES, 0);
  const candidates = await candidateVectors(tx, {
    model, dimension: mine.vectors[0]!.length, objects: mine.objects, categories: mine.categories,
    postIds: textTop.map((r) => r.id), excludeId: post.id,
  });
  await storeSimilar(tx, post.id, bestByPost(mine.vectors, candidates).slice(0, STORED_SIMILAR), 'vector');
}

const BATCH = 50;
const asQuestions = (rows: SimilarRow[]): SimilarQuestions => ({
  questions: rows.map(({ id, title, status, score }) => ({ id, title, status, score })),
});

interface Log { warn(obj: object, msg: string): void }

/** `vectors`: whether detection vectors count besides words (SIMILAR_VECTORS); `ai` embeds the draft with its model. */
export function similarService(deps: { db: Db; posts: PostsService; ai: AiProvider; vectors: boolean; log: Log }) {
  const { db, posts, ai, vectors, log } = deps;
  const model = vectors ? ai.embeddingModel : null;

  /** Public posts whose photos' vectors are close to the typed words (the asker's own photos are read only after posting). */
  async function draftByVectors(title: string, description: string): Promise<{ id: string; score: number }[]> {
    if (!model) return [];
    try {
      const sentences = [title, `${title}. ${description.slice(0, 300)}`].filter((t) => t.trim());
      const mine = await ai.embed(sentences);
      if (!mine[0]?.length) return [];
      const named = partNamedIn(`${title}\n${description}`);
      const textTop = await similarTo(db, { title, description }, null, TEXT_CANDIDATES, 0);
      const candidates = await candidateVectors(db, {
        model, dimension: mine[0].length, objects: named ? [named.part.name] : [], categories: [],
        postIds: textTop.map((r) => r.id), excludeId: null,
      });
      return bestByPost(mine, candidates);
    } catch (err) {
      // The words alone still answer.
      log.warn({ err }, 'could not compare the draft with detection vectors');
      return [];
    }
  }

  return {
    /** GET /api/similar for the ask page: up to 5 public questions like the draft, solved ones first. */
    async forDraft(query: { title?: unknown; description?: unknown }): Promise<SimilarQuestions> {
      const title = typeof query.title === 'string' ? query.title.slice(0, 200) : '';
      const description = typeof query.description === 'string' ? query.description.slice(0, SEARCH_LIMITS.similarDescription) : '';
      if (!title.trim() && !description.trim()) return { questions: [] };
      const [byText, byVector] = await Promise.all([
        similarTo(db, { title, description }, null, SEARCH_LIMITS.similar),
        draftByVectors(title, description),
      ]);
      const best = new Map(byText.map((r) => [r.id, r]));
      const missing = byVector.filter((v) => !best.has(v.id)).slice(0, SEARCH_LIMITS.similar);
      for (const row of await publicPostsById(db, missing.map((v) => v.id))) {
        best.set(row.id, { ...row, score: missing.find((v) => v.id === row.id)!.score });
      }
      for (const v of byVector) {
        const row = best.get(v.id);
        if (row && v.score > row.score) best.set(v.id, { ...row, score: v.score });
      }
      return asQuestions([...best.values()]
        .sort((a, b) => b.score - a.score).slice(0, SEARCH_LIMITS.similar)
        .sort((a, b) => Number(b.status === 'solved') - Number(a.status === 'solved') || b.score - a.score));
    },

    /** GET /api/posts/:id/similar: the stored list, public posts only; the post itself as its viewer may see it. */
    async forPost(viewer: Viewer | null, postId: string): Promise<SimilarQuestions> {
      if (!uuid.safeParse(postId).success) throw notFound(MSG.postNotFound);
      await posts.getPost(viewer, postId);
      return asQuestions(await storedSimilar(db, postId, SEARCH_LIMITS.similar, vectors ? ['text', 'vector'] : ['text']));
    },
  };
}

/**
 * The 'refresh-similar-posts' job: recomputes the lists of every queued post (words, and detection vectors of
 * `vectorModel` unless it is null), a batch per transaction; safe to run twice.
 */
export async function refreshDueSimilar(db: Db, options: { vectorModel: string | null }): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await takeDue(tx, BATCH);
      for (const post of due) {
        await storeSimilar(tx, post.id, await similarTo(tx, post, post.id, STORED_SIMILAR));
        await refreshVectorSimilar(tx, post, options.vectorModel);
      }
      return due.length;
    });
    refreshed += done;
    if (done < BATCH) return refreshed;
  }
}

export type SimilarService = ReturnType<typeof similarService>;
