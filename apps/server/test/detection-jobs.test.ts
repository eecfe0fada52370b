import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ORIGIN, createTestApp, insertMember, multipart, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { AiError, NOTHING_DETECTED, type AiProvider, type DetectionResult } from '../src/adapters/ai/index.js';
import { askWithImages, imageRow, publish } from './ai/posting.js';

/** A provider that answers what the test says (the real ones have their own tests). */
function scriptedProvider() {
  const state: { next: () => DetectionResult } = { next: () => NOTHING_DETECTED };
  const provider: AiProvider = {
    name: 'local',
    detectionModel: 'scripted-1',
    embeddingModel: 'scripted-embed',
    detect: async () => state.next(),
    embed: async (texts) => texts.map((t) => [t.length, 1, 0]),
    close: async () => {},
  };
  return { provider, state };
}

const HINGE: DetectionResult = {
  object: 'butt hinge', category: 'hinge', material: 'steel', finish: null, confidence: 0.5, keyFeatures: ['part no. 3535'], visibleText: 'HAGER 3535',
};

describe('detection jobs', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof insertMember>>;
  let staff: Awaited<ReturnType<typeof insertMember>>;
  const scripted = scriptedProvider();
  const photo = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0a0a0' } }).jpeg().toBuffer();
  const jobs = () => t.app.services.jobs;
  const boss = (text: string, values: unknown[] = []) => sqlQuery(t, text, values);

  beforeAll(async () => {
    t = await createTestApp({ AI_PROVIDER: 'local' }, { ai: scripted.provider });
    member = await insertMember(t);
    staff = await insertMember(t);
    await makeStaff(t, staff.me.id);
  });
  afterAll(() => t?.close());

  it('enqueues one job per post image in the post’s transaction; a second run of a job changes nothing', async () => {
    const { postId, imageIds } = await askWithImages(t, member.cookie, [await photo(), await photo()]);
    const { rows } = await boss(`SELECT data->>'imageId' AS image FROM pgboss.job WHERE name = 'detect-image' AND data->>'imageId' = ANY($1)`, [imageIds]);
    expect(rows.map((r) => r.image).sort()).toEqual([...imageIds].sort());
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 2, failed: 0 });
    // Safe to run twice: a second job for a done image changes nothing.
    await jobs().send('detect-image', { imageId: imageIds[0]! });
    scripted.state.next = () => { throw new Error('must not be asked again'); };
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    expect(await jobs().runDue('embed-image')).toEqual({ completed: 2, failed: 0 });
    expect(await imageRow(t, imageIds[0]!)).toMatchObject({
      detection_status: 'done', detected_object: 'butt hinge', detection_model: 'scripted-1', embedding_model: 'scripted-embed', embedding_dimension: 3,
    });
    await publish(t, postId);
    expect((await get(t, `/api/posts/${postId}`)).json().images[0].detection.keyFeatures).toEqual(['part no. 3535']);
  });

  it('detects post photos only: a reply’s photo gets no detect-image job', async () => {
    const postId = await insertPost(t, { userId: staff.me.id });
    const form = await multipart([['purpose', 'reply'], ['files', await photo(), 'reply.jpg']]);
    const up = await t.app.inject({ method: 'POST', url: '/api/uploads/images', headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': form.contentType }, payload: form.payload });
    const detectJobs = async () => Number((await boss(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'detect-image'`)).rows[0]!.n);
    const before = await detectJobs();
    const res = await post(t, `/api/posts/${postId}/replies`, member.cookie, { content: 'Here is mine, same part.', imageUploadIds: [up.json().files[0].id] });
    expect(res.statusCode).toBe(201);
    expect(res.json().images).toHaveLength(1);
    expect(await detectJobs()).toBe(before);
  });

  it('retries a job whose worker was killed mid-run (expiry and maintenance, no clock)', async () => {
    const { imageIds } = await askWithImages(t, member.cookie, [await photo()]);
    const [imageId] = imageIds;
    // A worker took the job and died: it stays active, started long ago.
    await boss(`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '10 minutes' WHERE name = 'detect-image' AND data->>'imageId' = $1`, [imageId]);
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 0, failed: 0 });
    await jobs().maintain();
    const { rows } = await boss(`SELECT state FROM pgboss.job WHERE name = 'detect-image' AND data->>'imageId' = $1`, [imageId]);
    expect(rows).toEqual([{ state: 'retry' }]);
    // Its retry delay has passed.
    await boss(`UPDATE pgboss.job SET start_after = now() WHERE name = 'detect-image' AND state = 'retry'`);
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    expect((await imageRow(t, imageId!)).detection_status).toBe('done');
  });

  it('marks a detection failed when its retries are spent: staff see it with Retry and the dashboard counts it, members see the grey state', async () => {
    const { postId, imageIds } = await askWithImages(t, member.cookie, [await photo()]);
    const [imageId] = imageIds;
    await publish(t, postId);
    await boss(`UPDATE pgboss.job SET retry_limit = 1 WHERE name = 'detect-image' AND data->>'imageId' = $1`, [imageId]);
    scripted.state.next = () => { throw new AiError('unavailable', 'The AI provider cannot be reached'); };
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 0, failed: 1 });
    expect(await imageRow(t, imageId!)).toMatchObject({ detection_status: 'queued', detection_error: 'The AI provider cannot be reached' });
    await boss(`UPDATE pgboss.job SET start_after = now() WHERE name = 'detect-image' AND state = 'retry'`);
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 0, failed: 1 });
    expect(await jobs().runDue('detection-failed')).toEqual({ completed: 1, failed: 0 });
    expect((await imageRow(t, imageId!)).detection_status).toBe('failed');

    expect((await get(t, `/api/posts/${postId}`, staff.cookie)).json().images[0].detection.status).toBe('failed');
    expect((await get(t, `/api/posts/${postId}`, member.cookie)).json().images[0].detection.status).toBe('none');
    expect((await get(t, `/api/posts/${postId}`)).json().images[0].detection.status).toBe('none');
    expect((await get(t, '/api/admin/stats', staff.cookie)).json().failedDetections).toBe(1);

    // Retry: queued again with its job, then read.
    expect((await post(t, `/api/admin/images/${imageId}/retry-detection`, staff.cookie)).json()).toEqual({ status: 'queued' });
    expect((await post(t, `/api/admin/images/${imageId}/retry-detection`, staff.cookie)).statusCode).toBe(409);
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    expect((await imageRow(t, imageId!)).detection_status).toBe('done');
    expect((await get(t, '/api/admin/stats', staff.cookie)).json().failedDetections).toBe(0);
  });

  it('saves a correction without a vector when AI is off (200), and refuses a blank name', async () => {
    const off = await createTestApp({ DATABASE_URL: t.config.databaseUrl! });
    try {
      const { rows } = await sqlQuery<{ id: string }>(off, `SELECT id FROM post_images WHERE detected_object = 'butt hinge' LIMIT 1`);
      const imageId = rows[0]!.id;
      const blank = await post(off, '/api/admin/regenerate-image-embedding', staff.cookie, { imageId, userConfirmedObject: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Please enter a corrected object name');
      const res = await post(off, '/api/admin/regenerate-image-embedding', staff.cookie, { imageId, userConfirmedObject: 'spring hinge' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ newDetection: { object: 'spring hinge', detectedObject: 'butt hinge', embedded: false }, message: 'Detection updated successfully' });
      expect(await imageRow(off, imageId)).toMatchObject({ user_confirmed_object: 'spring hinge', embedding: null });
    } finally {
      await off.close();
    }
  });

  it('queues embeddings at start for detections without one of the current model (the demo seed’s)', async () => {
    const { rows } = await sqlQuery<{ id: string }>(t, `
      WITH p AS (INSERT INTO posts (topic, title, description, status) VALUES ('doors', 'Seeded question about a closer', 'A seeded description long enough for the rules of the forum.', 'open') RETURNING id)
      INSERT INTO post_images (post_id, image_url, display_order, detected_object, detection_status) SELECT id, '/media/post-images/x/z.jpg', 0, 'door closer', 'done' FROM p RETURNING id`);
    const ids = await t.app.services.detection.imagesToEmbed();
    expect(ids).toContain(rows[0]!.id);
  });
});
