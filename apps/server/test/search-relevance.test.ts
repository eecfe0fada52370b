import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { SearchResults } from '@fenestra/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { get, insertPost, sqlQuery } from './post-fixtures.js';
import { QUERIES, QUESTIONS } from './search-relevance-set.js';

// Ranking quality on a fixed set: mean reciprocal rank and recall@5 of the question each query is after.
describe('search relevance on the fixed set', () => {
  let t: TestApp;
  const idOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const [i, question] of QUESTIONS.entries()) {
      const id = await insertPost(t, {
        topic: question.topic,
        status: question.status,
        title: question.title,
        description: question.description,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
      idOf.set(question.key, id);
      for (const tag of question.tags)
        await sqlQuery(t, 'INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)', [id, tag]);
      if (question.image) {
        await sqlQuery(
          t,
          `INSERT INTO post_images (post_id, image_url, display_order, detected_object, key_features, visible_text)
          VALUES ($1, '/media/q.jpg', 0, $2, $3, $4)`,
          [
            id,
            question.image.detectedObject ?? null,
            question.image.keyFeatures ?? [],
            question.image.visibleText ?? null,
          ],
        );
      }
      for (const reply of question.replies ?? [])
        await sqlQuery(t, 'INSERT INTO replies (post_id, content) VALUES ($1, $2)', [id, reply]);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const ranked = async (query: string) => {
    const res = await get(t, `/api/search?q=${encodeURIComponent(query)}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as SearchResults).results.map((r) => r.post.id);
  };

  it('has at least 30 questions and 20 queries, misspelt, partial and part numbers among them', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(30);
    expect(QUERIES.length).toBeGreaterThanOrEqual(20);
  });

  it("ranks 'casment crank handel' to the casement operator crank handle question first", async () => {
    expect((await ranked('casment crank handel'))[0]).toBe(idOf.get('casement-crank'));
  });

  it('reaches a mean reciprocal rank of at least 0.8 and recall@5 of at least 0.9', async () => {
    let reciprocal = 0;
    let inTopFive = 0;
    const misses: string[] = [];
    for (const { query, expect: key } of QUERIES) {
      const position = (await ranked(query)).indexOf(idOf.get(key)!);
      if (position >= 0) reciprocal += 1 / (position + 1);
      if (position >= 0 && position < 5) inTopFive++;
      if (position !== 0) misses.push(`${query} -> ${position === -1 ? 'not found' : `#${position + 1}`}`);
    }
    const mrr = reciprocal / QUERIES.length;
    const recallAt5 = inTopFive / QUERIES.length;
    console.info(
      `search relevance: MRR ${mrr.toFixed(3)}, recall@5 ${recallAt5.toFixed(3)} over ${QUERIES.length} queries${misses.length ? `; not first: ${misses.join('; ')}` : ''}`,
    );
    expect(mrr).toBeGreaterThanOrEqual(0.8);
    expect(recallAt5).toBeGreaterThanOrEqual(0.9);
  });
});
