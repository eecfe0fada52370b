import { z } from 'zod';
import { publicPostsById } from './repo.js';
import { MSG, SEARCH_LIMITS, type SimilarQuestions } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { PostsService, Viewer } from '../posts/service.js';
import { cosine, type AiProvider } from '../../adapters/ai/index.js';
import { partNamedIn } from '../../adapters/ai/label-text.js';
import {
  candidateVectors,
  doneSimilar,
  dueSimilar,
  mergePendingSearchEntries,
  postsWithVectors,
  publicSimilar,
  similarTo,
  similarToEach,
  storedSimilar,
  storeSimilarBatch,
  vectorScore,
  vectorsOfPost,
  MIN_SIMILAR_SCORE,
  STORED_SIMILAR,
  type DuePost,
  type SimilarRow,
} from './repo.js';
import { publishEvent } from '../../realtime/bus-event.js';
import { JSON_TYPE, TAGS, type CachedBody, type PublicCache } from '../../cache/public-cache.js';

/** The full-text top that joins the vector candidates. */
const uuid = z.uuid();
const TEXT_CANDIDATES = 200;

/** Each candidate post's best score against any of these vectors, best first, at least the minimum. */
function bestByPost(
  mine: number[][],
  candidates: { postId: string; embedding: number[] }[],
): { id: string; score: number }[] {
  const best = new Map<string, number>();
  for (const c of candidates) {
    for (const v of mine) {
      if (v.length !== c.embedding.length) continue;
      const score = vectorScore(cosine(v, c.embedding));
      if (score > (best.get(c.postId) ?? 0)) best.set(c.postId, score);
    }
  }
  return [...best]
    .map(([id, score]) => ({ id, score }))
    .filter((r) => r.score >= MIN_SIMILAR_SCORE)
    .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1));
}

/** A post's 'vector' rows: its images' vectors against candidates of the same object or category and the text top. */
async function vectorSimilar(
  db: Db,
  post: { id: string; title: string; description: string },
  model: string,
): Promise<{ id: string; score: number }[]> {
  const mine = await vectorsOfPost(db, post.id, model);
  if (mine.vectors.length === 0) return [];
  const textTop = await similarTo(db, post, post.id, TEXT_CANDIDATES, 0);
  const candidates = await candidateVectors(db, {
    model,
    dimension: mine.vectors[0]!.length,
    objects: mine.objects,
    categories: mine.categories,
    postIds: textTop.map((r) => r.id),
    excludeId: post.id,
  });
  return bestByPost(mine.vectors, candidates).slice(0, STORED_SIMILAR);
}

const asQuestions = (rows: SimilarRow[]): SimilarQuestions => ({
  questions: rows.map(({ id, title, status, score }) => ({ id, title, status, score })),
});

interface Log {
  warn(obj: object, msg: string): void;
}

/** `vectors`: whether detection vectors count besides words (SIMILAR_VECTORS); `ai` embeds the draft with its model. */
/**
 * `vectors`: whether detection vectors count besides words (SIMILAR_VECTORS); `ai` embeds the draft with its model;
 * `cache`: the public-read cache a public post's list is kept in (null: read from the database on every view).
 */
export function similarService(deps: {
  db: Db;
  posts: PostsService;
  ai: AiProvider;
  vectors: boolean;
  log: Log;
  cache: PublicCache | null;
}) {
  const { db, posts, ai, vectors, log, cache } = deps;
  const model = vectors ? ai.embeddingModel : null;
  const sources: ('text' | 'vector')[] = vectors ? ['text', 'vector'] : ['text'];

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
        model,
        dimension: mine[0].length,
        objects: named ? [named.part.name] : [],
        categories: [],
        postIds: textTop.map((r) => r.id),
        excludeId: null,
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
      const description =
        typeof query.description === 'string' ? query.description.slice(0, SEARCH_LIMITS.similarDescription) : '';
      if (!title.trim() && !description.trim()) return { questions: [] };
      const [byText, byVector] = await Promise.all([
        similarTo(db, { title, description }, null, SEARCH_LIMITS.similar),
        draftByVectors(title, description),
      ]);
      const best = new Map(byText.map((r) => [r.id, r]));
      const missing = byVector.filter((v) => !best.has(v.id)).slice(0, SEARCH_LIMITS.similar);
      for (const row of await publicPostsById(
        db,
        missing.map((v) => v.id),
      )) {
        best.set(row.id, { ...row, score: missing.find((v) => v.id === row.id)!.score });
      }
      for (const v of byVector) {
        const row = best.get(v.id);
        if (row && v.score > row.score) best.set(v.id, { ...row, score: v.score });
      }
      return asQuestions(
        [...best.values()]
          .sort((a, b) => b.score - a.score)
          .slice(0, SEARCH_LIMITS.similar)
          .sort((a, b) => Number(b.status === 'solved') - Number(a.status === 'solved') || b.score - a.score),
      );
    },

    /**
     * GET /api/posts/:id/similar of a public post from the public-read cache: the same for every viewer (only public
     * posts are listed). Tagged with the post, every post its stored rows name and `similar` (decision 040): the
     * post's or a named post's change, and the job's similar.changed, drop it. Null when the post is not public.
     */
    async publicForPost(postId: string): Promise<CachedBody<SimilarQuestions> | null> {
      if (!cache || !uuid.safeParse(postId).success) return null;
      return cache.read(`api:similar:${postId.toLowerCase()}`, async () => {
        const found = await publicSimilar(db, postId, SEARCH_LIMITS.similar, sources);
        if (!found) return null;
        const value = asQuestions(found.shown);
        return {
          body: JSON.stringify(value),
          type: JSON_TYPE,
          tags: [TAGS.similar, TAGS.post(postId), ...found.named.map(TAGS.post)],
          value,
        };
      });
    },

    /** GET /api/posts/:id/similar: the stored list, public posts only; the post itself as its viewer may see it. */
    async forPost(viewer: Viewer | null, postId: string): Promise<SimilarQuestions> {
      if (!uuid.safeParse(postId).success) throw notFound(MSG.postNotFound);
      await posts.getPost(viewer, postId);
      const found = await publicSimilar(db, postId, SEARCH_LIMITS.similar, sources);
      // The post is the viewer's own pending one, or staff read a hidden one: its stored rows as they are.
      return asQuestions(found?.shown ?? (await storedSimilar(db, postId, SEARCH_LIMITS.similar, sources)));
    },
  };
}

/** Posts read off the queue at once: their lists are worked out one by one, then stored in one short transaction. */
export const SIMILAR_BATCH = 100;
/** How long one run of the job works before it hands the rest to a run of its own (queued behind other work). */
export const SIMILAR_RUN_MS = 60_000;

export interface RefreshOptions {
  /** The detection vectors' model (null: words alone). */
  vectorModel: string | null;
  /** Posts a batch (SIMILAR_BATCH). */
  batch?: number;
  /** Work this long, then stop with the rest queued and answer `more` (SIMILAR_RUN_MS); the clock is injectable. */
  budgetMs?: number;
  now?: () => number;
  /** Called between a batch's reading and its storing (tests hold the job there). */
  beforeStore?: (due: DuePost[]) => Promise<void>;
}

/**
 * The 'refresh-similar-posts' job: works out the lists of the queued posts (words, and detection vectors of
 * `vectorModel` unless it is null), a batch at a time. A batch is read and compared with nothing locked, then
 * stored in one short transaction, which takes each request off the queue only if the post did not change
 * since (else it is done again) and announces similar.changed (decision 040). Safe to run twice at once.
 * Answers how many posts it refreshed and whether it stopped at its time budget with posts still queued.
 */
export async function refreshDueSimilar(
  db: Db,
  options: RefreshOptions,
): Promise<{ refreshed: number; more: boolean }> {
  const batch = options.batch ?? SIMILAR_BATCH;
  const now = options.now ?? Date.now;
  const until = now() + (options.budgetMs ?? SIMILAR_RUN_MS);
  let refreshed = 0;
  for (;;) {
    const due = await dueSimilar(db, batch);
    const shown = due.filter((d) => d.public);
    const withVectors = options.vectorModel
      ? await postsWithVectors(
          db,
          shown.map((p) => p.id),
          options.vectorModel,
        )
      : new Set<string>();
    const text: { postId: string; similar: { id: string; score: number }[] }[] = [];
    const vector: typeof text = [];
    // The batch's lists in a few statements on one connection: the job takes at most one core of PostgreSQL's,
    // whatever its backlog. The vectors (posts with photos) one post at a time.
    if (shown.length) await mergePendingSearchEntries(db);
    const byText = await similarToEach(db, shown, STORED_SIMILAR);
    for (const post of shown) {
      text.push({ postId: post.id, similar: byText.get(post.id) ?? [] });
      vector.push({
        postId: post.id,
        similar: withVectors.has(post.id) ? await vectorSimilar(db, post, options.vectorModel!) : [],
      });
    }
    await options.beforeStore?.(due);
    await db.transaction(async (tx) => {
      await storeSimilarBatch(tx, text, 'text');
      await storeSimilarBatch(tx, vector, 'vector');
      if (shown.length) await publishEvent(tx, { type: 'similar.changed' });
      // Last: a change to one of these posts (its trigger asks for it again) waits on this row lock until the commit.
      await doneSimilar(tx, due);
    });
    refreshed += shown.length;
    if (due.length < batch) return { refreshed, more: false };
    if (now() >= until) return { refreshed, more: true };
  }
}

export type SimilarService = ReturnType<typeof similarService>;
