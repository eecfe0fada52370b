import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { insertPost, sqlQuery } from './post-fixtures.js';
import { QUESTIONS } from './search-relevance-set.js';
import { similarTo, similarToEach, STORED_SIMILAR } from '../src/modules/similar/repo.js';
import { refreshDueSimilar } from '../src/modules/similar/service.js';

// The similar-questions job works out a batch's lists in a few statements (decision 040): every list must be the one
// the single-post statement finds, the one the ask page's draft search uses (same posts, same order, same scores),
// titles with accents, dashes and curly quotes included (their trigrams are pg_trgm's own).
const MORE = [
  { title: 'Fenêtre oscillo-battante: poignée cassée', description: 'La poignée de ma fenêtre tourne dans le vide.' },
  {
    title: 'Dreh-Kipp-Fenster Griff klemmt – Ersatzteil?',
    description: 'Der Griff am Fenster lässt sich kaum drehen.',
  },
  { title: 'Poignée cassée sur fenêtre oscillo-battante', description: 'La poignée de la fenêtre est cassée net.' },
  { title: 'Griff klemmt am Dreh-Kipp-Fenster, Ersatzteil gesucht', description: 'Der Fenstergriff klemmt.' },
  { title: 'Sash won’t stay up: “spiral balance” broken', description: 'The sash drops as soon as I let go of it.' },
  { title: 'Casement crank handle spins', description: 'The crank handle spins on my casement window.' },
  { title: '½" patio door roller — which size?', description: 'The patio door roller wheel is cracked.' },
];

describe('similar questions worked out for many posts at once', () => {
  let t: TestApp;
  const posts: { id: string; title: string; description: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (const q of [...QUESTIONS, ...MORE.map((m) => ({ ...m, tags: [] as string[] }))]) {
      const id = await insertPost(t, { title: q.title, description: q.description });
      posts.push({ id, title: q.title, description: q.description });
      for (const tag of q.tags) await sqlQuery(t, 'INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)', [id, tag]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds for every post of a batch the list the single post's statement finds, to the score", async () => {
    const db = t.app.services.database.db;
    const each = await similarToEach(db, posts, STORED_SIMILAR);
    let listed = 0;
    for (const post of posts) {
      const alone = await similarTo(db, post, post.id, STORED_SIMILAR);
      expect(each.get(post.id), post.title).toEqual(alone);
      listed += alone.length;
    }
    // The comparison says something: most posts have similar questions.
    expect(listed).toBeGreaterThan(posts.length);
    // A draft (no post to leave out), at the draft search's own limit and minimum.
    const draft = { id: '00000000-0000-0000-0000-000000000000', ...MORE[0]! };
    expect((await similarToEach(db, [draft], 200, 0)).get(draft.id)).toEqual(
      await similarTo(db, draft, draft.id, 200, 0),
    );
  });

  it('stores those lists when the job runs', async () => {
    const db = t.app.services.database.db;
    await refreshDueSimilar(db, { vectorModel: null });
    const crank = posts.find((p) => p.title === MORE[5]!.title)!;
    const { rows } = await sqlQuery<{ similar_post_id: string; score: number }>(
      t,
      `SELECT similar_post_id, score FROM post_similar WHERE post_id = $1 AND source = 'text'`,
      [crank.id],
    );
    const expected = await similarTo(db, crank, crank.id, STORED_SIMILAR);
    // Its best (the rest may give way to posts that listed it in theirs: each post offers itself to its similar posts).
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.find((r) => r.similar_post_id === expected[0]!.id)?.score).toBeCloseTo(expected[0]!.score, 5);
  });
});
