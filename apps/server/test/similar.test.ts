import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { SimilarQuestions } from '@fenestra/shared';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { get, insertPost, sqlQuery } from './post-fixtures.js';
import { QUESTIONS } from './search-relevance-set.js';

const CRANK_TWIN = {
  title: 'Crank handle on my casement window just spins',
  description: 'Turning the crank does nothing, the casement stays shut. The operator splines seem stripped.',
};

describe('similar questions', () => {
  let t: TestApp;
  const idOf = new Map<string, string>();
  /** Every event committed so far has reached the app (a post's list is kept in the public-read cache until one drops it). */
  const caughtUp = () => t.app.services.events.listener.sync();
  const refresh = async () => {
    await t.app.services.jobs.send('refresh-similar-posts', {});
    const done = await t.app.services.jobs.runDue('refresh-similar-posts');
    await caughtUp();
    return done;
  };
  const similarFor = async (id: string, cookie?: string): Promise<SimilarQuestions> => {
    const res = await get(t, `/api/posts/${id}/similar`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const draft = async (title: string, description = ''): Promise<SimilarQuestions> => {
    const res = await get(
      t,
      `/api/similar?title=${encodeURIComponent(title)}&description=${encodeURIComponent(description)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const question of QUESTIONS) {
      const id = await insertPost(t, {
        topic: question.topic,
        status: question.status,
        title: question.title,
        description: question.description,
      });
      idOf.set(question.key, id);
      for (const tag of question.tags)
        await sqlQuery(t, 'INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)', [id, tag]);
    }
    idOf.set(
      'pending-twin',
      await insertPost(t, {
        status: 'pending',
        title: 'Casement crank handle spins, operator stripped',
        description: CRANK_TWIN.description,
      }),
    );
    idOf.set(
      'denied-twin',
      await insertPost(t, {
        status: 'denied',
        title: 'Casement crank handle spins freely, operator shaft stripped',
        description: CRANK_TWIN.description,
      }),
    );
    expect((await refresh()).failed).toBe(0);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the question a draft repeats, up to 5, solved first, never a pending or denied one', async () => {
    const { questions } = await draft(CRANK_TWIN.title, CRANK_TWIN.description);
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.length).toBeLessThanOrEqual(5);
    expect(questions[0]!.id).toBe(idOf.get('casement-crank'));
    const statuses = questions.map((q) => q.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => Number(b === 'solved') - Number(a === 'solved')));
    expect(questions.map((q) => q.id)).not.toContain(idOf.get('pending-twin'));
    expect(questions.map((q) => q.id)).not.toContain(idOf.get('denied-twin'));
  });

  it('shows nothing below the minimum score', async () => {
    expect(
      (
        await draft(
          'Garden hose reel leaks at the swivel',
          'The hose reel drips where the hose connects, washer replaced already.',
        )
      ).questions,
    ).toEqual([]);
    expect((await draft('', '')).questions).toEqual([]);
  });

  it("lists a post's stored similar questions, public ones only, not itself", async () => {
    const patio = await similarFor(idOf.get('patio-roller')!);
    expect(patio.questions.length).toBeGreaterThan(0);
    expect(patio.questions.length).toBeLessThanOrEqual(5);
    expect(patio.questions.map((q) => q.id)).not.toContain(idOf.get('patio-roller'));
    expect(patio.questions.map((q) => q.id)).toContain(idOf.get('sliding-lock'));

    const crank = await similarFor(idOf.get('casement-crank')!);
    expect(crank.questions.length).toBeGreaterThan(0);
    expect(crank.questions.map((q) => q.id)).not.toContain(idOf.get('pending-twin'));
    expect(crank.questions.map((q) => q.id)).not.toContain(idOf.get('denied-twin'));
  });

  it('drops a post from every list the moment it leaves public view, and adds a new twin when it is approved', async () => {
    const lock = idOf.get('sliding-lock')!;
    await sqlQuery(t, `UPDATE posts SET status = 'pending' WHERE id = $1`, [lock]);
    await caughtUp();
    expect((await similarFor(idOf.get('patio-roller')!)).questions.map((q) => q.id)).not.toContain(lock);
    await sqlQuery(t, `UPDATE posts SET status = 'open' WHERE id = $1`, [lock]);

    // Approving the pending twin queues it; the job lists it on the older question too.
    await sqlQuery(t, `UPDATE posts SET status = 'open' WHERE id = $1`, [idOf.get('pending-twin')]);
    expect((await refresh()).failed).toBe(0);
    expect((await similarFor(idOf.get('casement-crank')!)).questions.map((q) => q.id)).toContain(
      idOf.get('pending-twin'),
    );
    expect((await similarFor(idOf.get('pending-twin')!)).questions[0]!.id).toBe(idOf.get('casement-crank'));
    await sqlQuery(t, `UPDATE posts SET status = 'pending' WHERE id = $1`, [idOf.get('pending-twin')]);
  });

  it('reads rows of every source (the AI adds vector rows)', async () => {
    const skylight = idOf.get('skylight')!;
    await sqlQuery(
      t,
      `INSERT INTO post_similar (post_id, similar_post_id, score, source) VALUES ($1, $2, 0.99, 'vector')`,
      [skylight, idOf.get('window-film')],
    );
    // Rows written by hand announce nothing: as the job does, similar.changed drops every kept list.
    await sqlQuery(t, `SELECT pg_notify('fenestra_events', '{"type":"similar.changed"}')`);
    await caughtUp();
    expect((await similarFor(skylight)).questions[0]!.id).toBe(idOf.get('window-film'));
  });

  it('answers 404 for a post the viewer may not see', async () => {
    const pending = await insertPost(t, {
      status: 'pending',
      title: 'A pending question about hinges',
      userId: (await signUpMember(t.app)).me.id,
    });
    expect((await get(t, `/api/posts/${pending}/similar`)).statusCode).toBe(404);
    expect((await get(t, '/api/posts/not-a-uuid/similar')).statusCode).toBe(404);
  });
});
