import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ORIGIN, createTestApp, insertMember, multipart, type TestApp } from './helpers.js';
import { MSG, photoAdvice, type Detection } from '@fenestra/shared';
import { askBody, get, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { AiError, NOTHING_DETECTED, type AiProvider, type DetectionResult } from '../src/adapters/ai/index.js';
import { askWithImages, imageRow, publish } from './ai/posting.js';

/** A provider that answers what the test says (the real ones have their own tests). */
function scriptedProvider() {
  const state: { next: () => DetectionResult | Promise<DetectionResult> } = { next: () => NOTHING_DETECTED };
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
  object: 'butt hinge',
  category: 'hinge',
  material: 'steel',
  finish: null,
  confidence: 0.5,
  keyFeatures: ['part no. 3535'],
  visibleText: 'HAGER 3535',
};

describe('detection jobs', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof insertMember>>;
  let staff: Awaited<ReturnType<typeof insertMember>>;
  const scripted = scriptedProvider();
  const photo = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0a0a0' } })
      .jpeg()
      .toBuffer();
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
    const { rows } = await boss(
      `SELECT data->>'imageId' AS image FROM pgboss.job WHERE name = 'detect-image' AND data->>'imageId' = ANY($1)`,
      [imageIds],
    );
    expect(rows.map((r) => r.image).sort()).toEqual([...imageIds].sort());
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 2, failed: 0 });
    // Safe to run twice: a second job for a done image changes nothing.
    await jobs().send('detect-image', { imageId: imageIds[0]! });
    scripted.state.next = () => {
      throw new Error('must not be asked again');
    };
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    expect(await jobs().runDue('embed-image')).toEqual({ completed: 2, failed: 0 });
    expect(await imageRow(t, imageIds[0]!)).toMatchObject({
      detection_status: 'done',
      detected_object: 'butt hinge',
      detection_model: 'scripted-1',
      embedding_model: 'scripted-embed',
      embedding_dimension: 3,
    });
    await publish(t, postId);
    expect((await get(t, `/api/posts/${postId}`)).json().images[0].detection.keyFeatures).toEqual(['part no. 3535']);
  });

  /** Uploads one photo as the member (for a post or a reply); its upload id. */
  const uploadPhoto = async (cookie: string, purpose: 'post' | 'reply' = 'post') => {
    const form = await multipart([
      ['purpose', purpose],
      ['files', await photo(), `${purpose}.jpg`],
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: { origin: ORIGIN, cookie, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    return up.json().files[0].id as string;
  };
  const patch = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url, headers: { origin: ORIGIN, cookie }, payload });
  const detectJobs = async () =>
    Number((await boss(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'detect-image'`)).rows[0]!.n);

  it('reads the photo a question’s author adds as a reply (or by editing the reply) like the question’s own; not another member’s', async () => {
    const { postId } = await askWithImages(t, member.cookie, [await photo()], {
      title: 'Casement operator crank spins freely',
    });
    await publish(t, postId);
    scripted.state.next = () => NOTHING_DETECTED;
    await jobs().runDue('detect-image');

    // Another member's reply photo shows whatever they like: it is not read.
    const before = await detectJobs();
    const others = await post(t, `/api/posts/${postId}/replies`, staff.cookie, {
      content: 'Mine looks like this one.',
      imageUploadIds: [await uploadPhoto(staff.cookie, 'reply')],
    });
    expect(others.statusCode).toBe(201);
    expect(await detectJobs()).toBe(before);
    expect(others.json().images[0].detection).toBeUndefined();

    // The author's reply photo is queued with the reply, read, and shown with the reply.
    const res = await post(t, `/api/posts/${postId}/replies`, member.cookie, {
      content: 'Here is the stamp under the arm.',
      imageUploadIds: [await uploadPhoto(member.cookie, 'reply')],
    });
    expect(res.statusCode).toBe(201);
    const replyId = res.json().id as string;
    expect(res.json().images[0].detection).toMatchObject({ status: 'queued', object: null });
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    const readings = async () =>
      (
        await boss(
          `SELECT detection_status AS status, detection->>'object' AS object, detection->'keyFeatures' AS "keyFeatures"
           FROM reply_images WHERE reply_id = $1 ORDER BY display_order`,
          [replyId],
        )
      ).rows;
    expect(await readings()).toEqual([{ status: 'done', object: 'butt hinge', keyFeatures: ['part no. 3535'] }]);

    // A photo added by editing the reply is read too; the one kept is not read again.
    const kept = res.json().images[0].id as string;
    const edited = await patch(`/api/replies/${replyId}`, member.cookie, {
      content: 'Here is the stamp under the arm, and its other side.',
      keepImageIds: [kept],
      imageUploadIds: [await uploadPhoto(member.cookie, 'reply')],
      version: 1,
    });
    expect(edited.statusCode).toBe(200);
    scripted.state.next = () => NOTHING_DETECTED;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    expect((await readings()).map((r) => r.status)).toEqual(['done', 'none']);
  });

  it('reads a photo added through the question’s edit (the advice’s Add a photo)', async () => {
    const { postId, imageIds } = await askWithImages(t, member.cookie, [await photo()]);
    scripted.state.next = () => NOTHING_DETECTED;
    await jobs().runDue('detect-image');
    const detail = (await get(t, `/api/posts/${postId}`, member.cookie)).json();
    const res = await patch(`/api/posts/${postId}`, member.cookie, {
      topic: detail.topic,
      title: detail.title,
      description: detail.description,
      tags: detail.tags,
      keepImageIds: imageIds,
      imageUploadIds: [await uploadPhoto(member.cookie)],
      version: detail.version,
    });
    expect(res.statusCode).toBe(200);
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    const images = (await get(t, `/api/posts/${postId}`, member.cookie)).json().images;
    expect(images.map((i: { detection: { status: string } }) => i.detection.status)).toEqual(['none', 'done']);
  });

  it('reads a photo on the ask form before the question is posted, for its uploader only; the reading goes with the upload', async () => {
    const uploadId = await uploadPhoto(member.cookie);
    const url = `/api/uploads/${uploadId}/detection`;
    const words = { title: 'Casement operator crank spins freely', description: 'The crank turns, the sash stays.' };
    // Not sent to be read yet; others, visitors and a malformed id get nothing.
    expect((await get(t, url, member.cookie)).statusCode).toBe(404);
    expect((await post(t, url, staff.cookie, words)).statusCode).toBe(404);
    expect((await post(t, url, undefined, words)).statusCode).toBe(401);
    expect((await post(t, '/api/uploads/not-an-id/detection', member.cookie, words)).json().message).toBe(
      MSG.uploadNotFound,
    );
    const long = await post(t, url, member.cookie, { ...words, title: 'x'.repeat(500) });
    expect(long.statusCode).toBe(400);

    const asked = await post(t, url, member.cookie, words);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'queued', object: null });
    // Asking again queues nothing more.
    const jobsBefore = await detectJobs();
    expect((await post(t, url, member.cookie, words)).json().status).toBe('queued');
    expect(await detectJobs()).toBe(jobsBefore);
    expect((await get(t, url, staff.cookie)).statusCode).toBe(404);

    // Read with the form's words; it gave neither a part nor a part number: the advice the form shows.
    let seen: { title: string } | undefined;
    scripted.state.next = () => NOTHING_DETECTED;
    const detect = scripted.provider.detect;
    scripted.provider.detect = async (input) => {
      seen = input;
      return detect(input);
    };
    try {
      expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    } finally {
      scripted.provider.detect = detect;
    }
    expect(seen?.title).toBe(words.title);
    const read = (await get(t, url, member.cookie)).json<Detection>();
    expect(read).toMatchObject({ status: 'none', object: null, keyFeatures: [] });
    expect(photoAdvice({ ...words, images: [{ detection: read }] })?.family).toBe('casement operator');

    // Removed from the form: the reading goes with it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${uploadId}`,
      headers: { origin: ORIGIN, cookie: member.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(t, url, member.cookie)).statusCode).toBe(404);

    // Posted: it is the question's photo now, read as the question's (the form's reading no longer answers).
    const second = await uploadPhoto(member.cookie);
    await post(t, `/api/uploads/${second}/detection`, member.cookie, words);
    const asking = await post(t, '/api/posts', member.cookie, askBody({ imageUploadIds: [second] }));
    expect(asking.statusCode).toBeLessThan(300);
    expect((await get(t, `/api/uploads/${second}/detection`, member.cookie)).statusCode).toBe(404);
    // Its form job finds it posted and reads nothing; the question's own job reads it.
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 2, failed: 0 });
    const { rows } = await boss('SELECT detection_status FROM post_images WHERE post_id = $1', [asking.json().id]);
    expect(rows).toEqual([{ detection_status: 'done' }]);
  });

  it('retries a job whose worker was killed mid-run (expiry and maintenance, no clock)', async () => {
    const { imageIds } = await askWithImages(t, member.cookie, [await photo()]);
    const [imageId] = imageIds;
    // A worker took the job and died: it stays active, started long ago.
    await boss(
      `UPDATE pgboss.job SET state = 'active', started_on = now() - interval '10 minutes' WHERE name = 'detect-image' AND data->>'imageId' = $1`,
      [imageId],
    );
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 0, failed: 0 });
    await jobs().maintain();
    const { rows } = await boss(`SELECT state FROM pgboss.job WHERE name = 'detect-image' AND data->>'imageId' = $1`, [
      imageId,
    ]);
    expect(rows).toEqual([{ state: 'retry' }]);
    // Its retry delay has passed.
    await boss(`UPDATE pgboss.job SET start_after = now() WHERE name = 'detect-image' AND state = 'retry'`);
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    expect((await imageRow(t, imageId!)).detection_status).toBe('done');
  });

  it('never runs one detection twice at once: its job, past its expiry and fetched again, waits for the first run', async () => {
    const { imageIds } = await askWithImages(t, member.cookie, [await photo()]);
    const [imageId] = imageIds;
    let calls = 0;
    let release!: (r: DetectionResult) => void;
    let asked!: () => void;
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    scripted.state.next = () => {
      calls++;
      asked();
      return new Promise<DetectionResult>((resolve) => (release = resolve));
    };
    const first = jobs().runDue('detect-image');
    await wasAsked;
    // The clock passes the job's expiry while the provider still works: maintenance sends the job back.
    await boss(
      `UPDATE pgboss.job SET started_on = now() - interval '10 minutes' WHERE name = 'detect-image' AND data->>'imageId' = $1 AND state = 'active'`,
      [imageId],
    );
    await jobs().maintain();
    await boss(`UPDATE pgboss.job SET start_after = now() WHERE name = 'detect-image' AND state = 'retry'`);

    // Another process fetching it finds the image's lock taken and leaves it to a later retry.
    const other = await createTestApp(
      { AI_PROVIDER: 'local', DATABASE_URL: t.config.databaseUrl! },
      { ai: scripted.provider },
    );
    try {
      expect(await other.app.services.jobs.runDue('detect-image')).toEqual({ completed: 0, failed: 1 });
    } finally {
      await other.close();
    }
    await boss(`UPDATE pgboss.job SET start_after = now() WHERE name = 'detect-image' AND state = 'retry'`);
    // This process fetching it joins the first run.
    const second = jobs().runDue('detect-image');
    release(HINGE);
    await Promise.all([first, second]);
    expect(calls).toBe(1);
    expect(await imageRow(t, imageId!)).toMatchObject({ detection_status: 'done', detected_object: 'butt hinge' });
  });

  it('marks a detection failed when its retries are spent: staff see it with Retry and the dashboard counts it, members see the grey state', async () => {
    const { postId, imageIds } = await askWithImages(t, member.cookie, [await photo()]);
    const [imageId] = imageIds;
    await publish(t, postId);
    await boss(`UPDATE pgboss.job SET retry_limit = 1 WHERE name = 'detect-image' AND data->>'imageId' = $1`, [
      imageId,
    ]);
    scripted.state.next = () => {
      throw new AiError('unavailable', 'The AI provider cannot be reached');
    };
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 0, failed: 1 });
    expect(await imageRow(t, imageId!)).toMatchObject({
      detection_status: 'queued',
      detection_error: 'The AI provider cannot be reached',
    });
    await boss(`UPDATE pgboss.job SET start_after = now() WHERE name = 'detect-image' AND state = 'retry'`);
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 0, failed: 1 });
    expect(await jobs().runDue('detection-failed')).toEqual({ completed: 1, failed: 0 });
    expect((await imageRow(t, imageId!)).detection_status).toBe('failed');

    expect((await get(t, `/api/posts/${postId}`, staff.cookie)).json().images[0].detection.status).toBe('failed');
    expect((await get(t, `/api/posts/${postId}`, member.cookie)).json().images[0].detection.status).toBe('none');
    expect((await get(t, `/api/posts/${postId}`)).json().images[0].detection.status).toBe('none');
    expect((await get(t, '/api/admin/stats', staff.cookie)).json().failedDetections).toBe(1);

    // Retry: queued again with its job, then read.
    expect((await post(t, `/api/admin/images/${imageId}/retry-detection`, staff.cookie)).json()).toEqual({
      status: 'queued',
    });
    expect((await post(t, `/api/admin/images/${imageId}/retry-detection`, staff.cookie)).statusCode).toBe(409);
    scripted.state.next = () => HINGE;
    expect(await jobs().runDue('detect-image')).toEqual({ completed: 1, failed: 0 });
    expect((await imageRow(t, imageId!)).detection_status).toBe('done');
    expect((await get(t, '/api/admin/stats', staff.cookie)).json().failedDetections).toBe(0);
  });

  it('saves a correction without a vector when AI is off (200), and refuses a blank name', async () => {
    const off = await createTestApp({ DATABASE_URL: t.config.databaseUrl! });
    try {
      const { rows } = await sqlQuery<{ id: string }>(
        off,
        `SELECT id FROM post_images WHERE detected_object = 'butt hinge' LIMIT 1`,
      );
      const imageId = rows[0]!.id;
      const blank = await post(off, '/api/admin/regenerate-image-embedding', staff.cookie, {
        imageId,
        userConfirmedObject: '   ',
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Please enter a corrected object name');
      const res = await post(off, '/api/admin/regenerate-image-embedding', staff.cookie, {
        imageId,
        userConfirmedObject: 'spring hinge',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        newDetection: { object: 'spring hinge', detectedObject: 'butt hinge', embedded: false },
        message: 'Detection updated successfully',
      });
      expect(await imageRow(off, imageId)).toMatchObject({ user_confirmed_object: 'spring hinge', embedding: null });
    } finally {
      await off.close();
    }
  });

  it('queues embeddings at start for detections without one of the current model (the demo seed’s)', async () => {
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      `
      WITH p AS (INSERT INTO posts (topic, title, description, status) VALUES ('doors', 'Seeded question about a closer', 'A seeded description long enough for the rules of the forum.', 'open') RETURNING id)
      INSERT INTO post_images (post_id, image_url, display_order, detected_object, detection_status) SELECT id, '/media/post-images/x/z.jpg', 0, 'door closer', 'done' FROM p RETURNING id`,
    );
    const ids = await t.app.services.detection.imagesToEmbed();
    expect(ids).toContain(rows[0]!.id);
  });
});
