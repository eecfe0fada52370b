import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createMember } from './support/members';
import { insertPostWithImages } from './support/posts';
import { phonePhotos } from './support/media';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/env';
import { e2eDb } from './support/db';
import { openHydrated } from './support/hydration';

// Found on the web (issue 27, decision 034): tags lead to their questions, a detected part number to its page.

test("a post's tag leads to the tag's questions, with the home list's filters", async ({ page, context }) => {
  const author = await createMember(context.request);
  const tag = `sash-${Date.now().toString(36)}`;
  const { rows } = await e2eDb().query<{ id: string }>(
    `INSERT INTO posts (user_id, topic, title, description, status) VALUES ($1, 'windows', $2, $3, 'open') RETURNING id`,
    [
      author.id,
      `Sash cord snapped on the left side ${tag}`,
      'The sash cord snapped and the weight fell inside the box, how do I get at it?',
    ],
  );
  await e2eDb().query(`INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)`, [rows[0]!.id, tag]);

  await page.goto(`/post/${rows[0]!.id}`);
  await page
    .getByRole('list', { name: 'Tags' })
    .getByRole('link', { name: `#${tag}` })
    .click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/tags/${tag}`);
  await expect(page.getByRole('heading', { level: 1, name: `Questions tagged #${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Sash cord snapped on the left side ${tag}` })).toBeVisible();
  await expectNoAxeViolations(page);

  // The home list's filters drive the tag's list through its address.
  await page.getByLabel('Status').selectOption('solved');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/tags/${tag}?filter=solved`);
  await expect(page.getByRole('link', { name: `Sash cord snapped on the left side ${tag}` })).toHaveCount(0);

  await page.goto('/tags');
  await expect(page.getByRole('link', { name: new RegExp(`#${tag}`) })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a photo's detected part number leads to the part's page, drawn by the server; an unknown part is a 404", async ({
  page,
  context,
}) => {
  const author = await createMember(context.request);
  const photos = await phonePhotos();
  const upload = await context.request.post(`${E2E_BASE_URL}/api/uploads/images`, {
    headers: { origin: E2E_BASE_URL },
    multipart: { files: { name: 'operator.png', mimeType: 'image/png', buffer: readFileSync(photos.png) } },
  });
  expect(upload.status()).toBe(200);
  const url = (await upload.json()).files[0].publicUrl as string;
  const stamp = Date.now() % 1_000_000;
  const number = `TH-${stamp}-10`;
  const key = `TH${stamp}10`;
  const title = `Operator gear stripped ${stamp}`;
  const id = await insertPostWithImages(author.id, title, [url]);
  // What the AI would have read (it is off in the browser suite's server).
  await e2eDb().query(
    `UPDATE post_images SET detection_status = 'done', detected_object = 'Casement operator',
       detected_category = 'operators', detection_confidence = 0.9, key_features = $2 WHERE post_id = $1`,
    [id, [`part no. ${number}`, 'brand: Truth']],
  );

  await openHydrated(page, `/post/${id}`);
  await page.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/parts/${key}`);
  await expect(page.getByRole('heading', { level: 1, name: `${number} Casement operator` })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectNoAxeViolations(page);

  // Another spelling is the same page; the server draws it (its HTML holds the question before any script runs).
  const drawn = await context.request.get(`${E2E_BASE_URL}/parts/th-${stamp}-10`);
  expect(drawn.status()).toBe(200);
  expect(await drawn.text()).toContain(title);
  await page.goto(`/parts/th-${stamp}-10`);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/parts/${key}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // A part number no public question names: the server's 'Oops! Page not found', answered 404.
  const missing = await page.goto('/parts/NO-SUCH-00000');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Discussions' })).toBeVisible();
});
