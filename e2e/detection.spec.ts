import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DETECTION_TEXT } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPostWithImages } from './support/posts';
import { phonePhotos } from './support/media';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/env';
import { e2eDb } from './support/db';

test('staff correct an image’s detected object and the post shows it; a member never sees the button', async ({
  page,
  context,
  browser,
}) => {
  const staff = await createMember(context.request, { role: 'moderator' });
  const photos = await phonePhotos();
  const upload = await context.request.post(`${E2E_BASE_URL}/api/uploads/images`, {
    headers: { origin: E2E_BASE_URL },
    multipart: { files: { name: 'operator.png', mimeType: 'image/png', buffer: readFileSync(photos.png) } },
  });
  expect(upload.status()).toBe(200);
  const url = (await upload.json()).files[0].publicUrl as string;
  const id = await insertPostWithImages(staff.id, `Need help identifying this ${Date.now()}`, [url]);
  await e2eDb().query(
    `UPDATE post_images SET detection_status = 'done', detected_category = 'other' WHERE post_id = $1`,
    [id],
  );

  await page.goto(`/post/${id}`);
  const photo = page.getByRole('list', { name: 'Photos and video' });
  await expect(photo.getByText('Glazing bead')).toBeVisible();
  await photo.getByRole('button', { name: `${DETECTION_TEXT.overrideButton}: Image 1` }).click();
  const dialog = page.getByRole('dialog', { name: DETECTION_TEXT.dialogTitle });
  await expect(dialog.getByText('87%')).toBeVisible();
  await expectNoAxeViolations(page);

  // Blank first, then the name.
  await dialog.getByRole('button', { name: DETECTION_TEXT.regenerate }).click();
  await expect(dialog.getByText(DETECTION_TEXT.objectRequired)).toBeVisible();
  await dialog.getByLabel(DETECTION_TEXT.correctedLabel).fill('glazing gasket');
  await dialog.getByRole('button', { name: DETECTION_TEXT.regenerate }).click();
  await expect(page.getByText(DETECTION_TEXT.successTitle)).toBeVisible();
  await expect(page.getByText('Glazing bead → glazing gasket')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(photo.getByText('glazing gasket')).toBeVisible();
  await expect(photo.getByText('confirmed by staff')).toBeVisible();

  // A member, in a window of their own.
  const memberContext = await browser.newContext();
  try {
    await createMember(memberContext.request);
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`/post/${id}`);
    await expect(memberPage.getByRole('list', { name: 'Photos and video' }).getByText('glazing gasket')).toBeVisible();
    await expect(memberPage.getByRole('button', { name: new RegExp(DETECTION_TEXT.overrideButton) })).toHaveCount(0);
  } finally {
    await memberContext.close();
  }
});
