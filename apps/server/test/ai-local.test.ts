import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertMember, type TestApp } from './helpers.js';
import { get, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { localProvider, LOCAL_CONFIDENCE_CAP } from '../src/adapters/ai/local.js';
import { LOCAL_EMBEDDING_MODEL } from '../src/adapters/ai/embedding-thread.js';
import type { AiProvider } from '../src/adapters/ai/index.js';
import sharp from 'sharp';
import { photoAdvice } from '@fenestra/shared';
import { blankImage, hardLabelImage, labelImage, photoWithoutText } from './ai/images.js';
import { askWithImages, imageRow, publish } from './ai/posting.js';

// The one test file that loads the local models (OCR and the sentence model), once, shared by its apps.
describe('local AI provider', () => {
  let ai: AiProvider;
  let t: TestApp;
  let member: Awaited<ReturnType<typeof insertMember>>;

  beforeAll(async () => {
    ai = localProvider();
    t = await createTestApp({ AI_PROVIDER: 'local' }, { ai });
    member = await insertMember(t);
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  const runDetection = async (app: TestApp = t) => {
    expect((await app.app.services.jobs.runDue('detect-image')).failed).toBe(0);
    expect((await app.app.services.jobs.runDue('embed-image')).failed).toBe(0);
  };
  const refreshSimilar = async (app: TestApp = t) => {
    await app.app.services.jobs.send('refresh-similar-posts', {});
    expect((await app.app.services.jobs.runDue('refresh-similar-posts')).failed).toBe(0);
  };

  it('names the part from its label, with its part number, offline and under a neutral title', async () => {
    const label = await labelImage({
      lines: ['TRUTH HARDWARE', 'PART No. 23.10.00', 'CASEMENT OPERATOR'],
      font: 'Liberation Sans',
    });
    const { postId, imageIds } = await askWithImages(t, member.cookie, [label], {
      title: 'Need help identifying this',
    });
    expect((await imageRow(t, imageIds[0]!)).detection_status).toBe('queued');

    await runDetection();
    const row = await imageRow(t, imageIds[0]!);
    expect(row).toMatchObject({
      detection_status: 'done',
      detected_object: 'casement window operator',
      detected_category: 'operator',
      detection_provider: 'local',
      detection_error: null,
      embedding_model: LOCAL_EMBEDDING_MODEL,
      embedding_dimension: 512,
    });
    expect(row.detection_confidence).toBeGreaterThan(0);
    expect(row.detection_confidence).toBeLessThanOrEqual(LOCAL_CONFIDENCE_CAP);
    expect(row.key_features).toContain('part no. 23.10.00');
    expect(row.visible_text).toMatch(/CASEMENT ?OPERATOR/);
    expect(row.detected_at).toBeInstanceOf(Date);

    // The author sees it on the post (pending posts are the author's and staff's).
    const detail = (await get(t, `/api/posts/${postId}`, member.cookie)).json();
    expect(detail.images[0].detection).toMatchObject({
      status: 'done',
      object: 'casement window operator',
      visibleText: expect.stringMatching(/23\.10\.00/),
    });
    expect(detail.canOverrideDetection).toBe(false);

    // What the photo says is searchable once the post is public: its part number, and the object it names.
    await publish(t, postId);
    for (const words of ['23.10.00', 'casement window operator']) {
      const found = (await get(t, `/api/search?q=${encodeURIComponent(words)}`)).json().results as {
        post: { id: string };
      }[];
      expect(found.map((r) => r.post.id)).toContain(postId);
    }
  });

  it('reads labels turned 18° either way and stamped into metal, with the material it does not state marked typical', async () => {
    for (const angle of [18, -18]) {
      const image = await hardLabelImage({
        lines: ['AMESBURY', 'P/N 2795-2892', 'SASH LOCK'],
        surface: 'stamped',
        angle,
      });
      expect(await ai.detect({ image, title: 'Need help identifying this', description: '' })).toMatchObject({
        object: 'sash lock',
        category: 'lock/latch',
        material: 'zinc die-cast (typical for this part)',
        keyFeatures: ['brand: Amesbury', 'part no. 2795-2892'],
      });
    }
  });

  it('takes no phone number, date, price, measurement or year for a part number', async () => {
    const image = await hardLabelImage({
      lines: [
        'HAGER',
        'TEL 1-800-555-0199',
        'MFD 2023-04-17',
        'P/N 1004-5678',
        '$12.99  35 mm',
        'EST. 1998',
        'BUTT HINGE',
      ],
    });
    const result = await ai.detect({ image, title: 'Need help identifying this', description: '' });
    expect(result.object).toBe('butt hinge');
    expect(result.keyFeatures.filter((f) => f.startsWith('part no.'))).toEqual(['part no. 1004-5678']);
  });

  it('shows a part number with a character it could not read surely as unsure', async () => {
    const label = await hardLabelImage({ lines: ['TRUTH HARDWARE', 'PART No. TH 23.15', 'CASEMENT OPERATOR'] });
    const { width, height } = await sharp(label).metadata();
    // A smudge over the '1'.
    const smudge = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><ellipse cx="294" cy="96" rx="10" ry="16" fill="#8a8a8a" fill-opacity="0.85"/></svg>`;
    const image = await sharp(label)
      .composite([{ input: Buffer.from(smudge) }])
      .jpeg()
      .toBuffer();
    const result = await ai.detect({ image, title: 'Need help identifying this', description: '' });
    expect(result.object).toBe('casement window operator');
    expect(result.keyFeatures).toContain('part no. TH 23.?5 (unsure)');
  });

  it('names no part for a grey photo, whatever its question says, and asks its author for the photo that would settle it', async () => {
    const { postId, imageIds } = await askWithImages(t, member.cookie, [await blankImage()], {
      title: 'Casement operator',
      description: 'The casement window operator of our kitchen window cranks but the sash does not move.',
    });
    await runDetection();
    expect(await imageRow(t, imageIds[0]!)).toMatchObject({ detection_status: 'none', detected_object: null });
    const detail = (await get(t, `/api/posts/${postId}`, member.cookie)).json();
    expect(detail.images[0].detection).toMatchObject({ status: 'none', object: null });
    expect(photoAdvice(detail)).toEqual({
      family: 'casement operator',
      text: 'The AI found no part name or part number in your photos. For a casement operator, photograph the stamp under the arm (open the window fully and look beneath the operator arm): a stamp or number there tells which part it is.',
    });
  });

  it('reports nothing for a blank picture or a photo without a label', async () => {
    const { imageIds } = await askWithImages(
      t,
      member.cookie,
      [await blankImage(), await photoWithoutText(7, 320, 240)],
      { title: 'Need help identifying this' },
    );
    await runDetection();
    for (const id of imageIds) {
      const row = await imageRow(t, id);
      expect(row).toMatchObject({
        detection_status: 'none',
        detected_object: null,
        detection_confidence: null,
        embedding: null,
      });
    }
  });

  it('finds a post whose photo shows the same part although the titles share no words, and not with the vector signal off', async () => {
    const labelA = await labelImage({ lines: ['AMESBURY', 'SPIRAL BALANCE', '1004-5678'], font: 'DejaVu Serif' });
    const labelB = await labelImage(
      { lines: ['SPIRAL TUBE BALANCE', 'AMESBURY 1004-5678'], font: 'Liberation Mono', angle: 3 },
      2,
    );
    const a = await askWithImages(t, member.cookie, [labelA], {
      title: 'Need help identifying this',
      description: 'Found in a drawer after the renovation, no idea where it belongs. Any clue appreciated, thanks.',
    });
    const b = await askWithImages(t, member.cookie, [labelB], {
      title: 'Mystery gadget from grandpa’s shed',
      description: 'Pulled from an upstairs bedroom frame last winter. Spring inside seems tired and weak now.',
    });
    await runDetection();
    await publish(t, a.postId);
    await publish(t, b.postId);
    await refreshSimilar();

    const similar = (await get(t, `/api/posts/${a.postId}/similar`)).json().questions as {
      id: string;
      score: number;
    }[];
    expect(similar.map((q) => q.id)).toContain(b.postId);
    const { rows } = await sqlQuery(t, `SELECT source FROM post_similar WHERE post_id = $1 AND similar_post_id = $2`, [
      a.postId,
      b.postId,
    ]);
    expect(rows.map((r) => r.source)).toEqual(['vector']);

    // The same database, words only.
    const wordsOnly = await createTestApp(
      { AI_PROVIDER: 'local', SIMILAR_VECTORS: 'false', DATABASE_URL: t.config.databaseUrl! },
      { ai },
    );
    try {
      await sqlQuery(wordsOnly, `SELECT post_similar_request(ARRAY[$1, $2]::uuid[])`, [a.postId, b.postId]);
      await refreshSimilar(wordsOnly);
      const without = (await get(wordsOnly, `/api/posts/${a.postId}/similar`)).json().questions as { id: string }[];
      expect(without.map((q) => q.id)).not.toContain(b.postId);
    } finally {
      await wordsOnly.close();
    }
  });

  it('compares the words typed on /ask with the stored vectors', async () => {
    const label = await labelImage({ lines: ['PRIME-LINE', 'SLIDING DOOR ROLLER', 'D-1701'], font: 'DejaVu Sans' });
    const { postId } = await askWithImages(t, member.cookie, [label], {
      title: 'Need help identifying this',
      description: 'This came out of the bottom of our back door. Looking for a replacement part.',
    });
    await runDetection();
    await publish(t, postId);
    const res = await get(t, `/api/similar?title=${encodeURIComponent('Patio door wheel worn flat')}&description=`);
    expect((res.json().questions as { id: string }[]).map((q) => q.id)).toContain(postId);
  });

  it('regenerates the embedding when staff correct the object, and logs it', async () => {
    const staff = await insertMember(t);
    await makeStaff(t, staff.me.id);
    const label = await labelImage({ lines: ['CASEMENT OPERATOR', 'RH'], font: 'DejaVu Sans Mono' });
    const { postId, imageIds } = await askWithImages(t, member.cookie, [label]);
    await runDetection();
    const before = await imageRow(t, imageIds[0]!);

    const res = await post(t, '/api/admin/regenerate-image-embedding', staff.cookie, {
      imageId: imageIds[0],
      userConfirmedObject: '  awning window operator ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().newDetection).toMatchObject({
      object: 'awning window operator',
      detectedObject: 'casement window operator',
      embedded: true,
    });
    const after = await imageRow(t, imageIds[0]!);
    expect(after).toMatchObject({
      user_confirmed_object: 'awning window operator',
      detected_object: 'casement window operator',
      embedding_dimension: 512,
    });
    expect(after.embedding).not.toEqual(before.embedding);
    const log = await sqlQuery(
      t,
      `SELECT action, target_id, reason FROM moderation_log WHERE action = 'override_detection'`,
    );
    expect(log.rows).toEqual([
      { action: 'override_detection', target_id: postId, reason: 'casement window operator → awning window operator' },
    ]);
  });
});
