import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PHOTO_ADVICE_TEXT, THEME_STORAGE_KEY } from '@fenestra/shared';
import { createMember } from './support/members';
import { phonePhotos } from './support/media';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/env';
import { e2eDb } from './support/db';

const T = PHOTO_ADVICE_TEXT;

test('the author of a question whose photos gave no part is asked for the photo that would settle it, and adds it', async ({
  page,
  context,
  browser,
}, testInfo) => {
  // Four page loads (light and dark, desktop and phone width), each screenshotted and checked with axe.
  test.slow();
  const author = await createMember(context.request);
  const photos = await phonePhotos();
  const upload = await context.request.post(`${E2E_BASE_URL}/api/uploads/images`, {
    headers: { origin: E2E_BASE_URL },
    multipart: { files: { name: 'operator.png', mimeType: 'image/png', buffer: readFileSync(photos.png) } },
  });
  expect(upload.status()).toBe(200);
  const url = (await upload.json()).files[0].publicUrl as string;
  const db = e2eDb();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO posts (user_id, topic, title, description, status) VALUES ($1, 'windows', $2, $3, 'open') RETURNING id`,
    [
      author.id,
      `Casement operator spins freely ${Date.now()}`,
      'The crank turns but the sash stays shut. Which operator is this and where can I get another?',
    ],
  );
  const id = rows[0]!.id;
  // Its photo was read and gave neither a part nor a part number.
  await db.query(
    `INSERT INTO post_images (post_id, image_url, display_order, alt_text, detection_status) VALUES ($1, $2, 0, 'Image 1', 'none')`,
    [id, url],
  );

  const advice = page.getByRole('region', { name: T.title });
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
      await page.goto(`/post/${id}`);
      await expect(advice).toBeVisible();
      await expect(advice.getByText(/For a casement operator, photograph the stamp under the arm/)).toBeVisible();
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await advice.screenshot({ path: testInfo.outputPath(`photo-advice-${theme}-${width}.png`) });
      if (width === 375) await expectNoAxeViolations(page);
    }
  }

  // Another member sees no such prompt on the same question.
  const otherContext = await browser.newContext();
  try {
    await createMember(otherContext.request);
    const other = await otherContext.newPage();
    await other.goto(`/post/${id}`);
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(other.getByRole('region', { name: T.title })).toHaveCount(0);
  } finally {
    await otherContext.close();
  }

  // 'Add a photo' adds it to the question through its edit; the prompt goes once the new photo is there.
  const chooser = page.waitForEvent('filechooser');
  await advice.getByRole('button', { name: T.addPhoto }).click();
  await (await chooser).setFiles(photos.png);
  await expect(page.getByText(T.added)).toBeVisible();
  const photosList = page.getByRole('list', { name: 'Photos and video' });
  await expect(photosList.getByRole('listitem')).toHaveCount(2);
  await expect(advice).toHaveCount(0);
});

test('right after a photo is uploaded on the ask form and read, its author is asked for the photo that would settle it', async ({
  page,
  context,
}, testInfo) => {
  test.slow();
  await createMember(context.request);
  const photos = await phonePhotos();
  // This suite's server runs with AI off: the test stands in for the worker, whose reading of each photo (nothing
  // found) is in the upload's row before the form asks for it (the request itself goes to the server as sent).
  const db = e2eDb();
  await page.route('**/api/uploads/*/detection', async (route) => {
    const uploadId = new URL(route.request().url()).pathname.split('/')[3]!;
    await db.query(`UPDATE uploads SET detection_status = 'none', detection = '{}' WHERE id = $1`, [uploadId]);
    await route.continue();
  });

  // Dark and 375 px wide (the post page's test above goes through both themes and widths).
  await page.setViewportSize({ width: 375, height: 900 });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, 'dark'] as const);
  await page.goto('/ask');
  await page.getByLabel('Title').fill('Casement operator crank spins freely');
  await page
    .getByLabel('Description')
    .fill('The crank turns but the sash stays shut. Which operator is this and where can I get another?');
  const advice = page.getByRole('region', { name: T.title });
  await expect(advice).toHaveCount(0);
  await page.getByLabel('Add photos or a video').setInputFiles(photos.png);
  await expect(advice.getByText(/For a casement operator, photograph the stamp under the arm/)).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await advice.screenshot({ path: testInfo.outputPath('ask-photo-advice-dark-375.png') });
  await expectNoAxeViolations(page);

  // 'Add a photo' adds it to the form's photos, read in turn.
  const chooser = page.waitForEvent('filechooser');
  await advice.getByRole('button', { name: T.addPhoto }).click();
  await (await chooser).setFiles(photos.webp);
  // Compressed in the page and uploaded: slow on a loaded machine.
  await expect(page.getByRole('list', { name: 'Uploaded media' }).getByRole('listitem')).toHaveCount(2, {
    timeout: 20_000,
  });
  await expect(advice).toBeVisible();
});
