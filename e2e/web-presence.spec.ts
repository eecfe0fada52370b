import { test, expect, type BrowserContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createMember } from './support/members';
import { insertPostWithImages } from './support/posts';
import { phonePhotos } from './support/media';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/env';
import { e2eDb } from './support/db';
import { clickLinkAt, type HydrationMoment } from './support/hydration';

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

/** A member's question whose photo the AI read a part number on; the context is signed in as that member. */
async function aPostWithAPartNumber(context: BrowserContext) {
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
  const title = `Operator gear stripped ${stamp}`;
  const id = await insertPostWithImages(author.id, title, [url]);
  // What the AI would have read (it is off in the browser suite's server).
  await e2eDb().query(
    `UPDATE post_images SET detection_status = 'done', detected_object = 'Casement operator',
       detected_category = 'operators', detection_confidence = 0.9, key_features = $2 WHERE post_id = $1`,
    [id, [`part no. ${number}`, 'brand: Truth']],
  );
  return { id, stamp, number, key: `TH${stamp}10`, title };
}

test("a photo's detected part number leads to the part's page, drawn by the server; an unknown part is a 404", async ({
  page,
  context,
}) => {
  const { id, stamp, number, key, title } = await aPostWithAPartNumber(context);

  await page.goto(`/post/${id}`);
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

// A link clicked while a server-drawn page starts: before its code runs it is a plain link; from hydrateRoot on,
// public/boot.js holds the click until the page is hydrated; after that it is the router's. A navigation once reached a
// header part still waiting for its code (a member's menu and bell) and never finished: the address changed, the post
// stayed on screen (issue 22, decision 045). Each moment in a page of its own.
test("a link clicked at any moment of a server-drawn page's start leads to its page, with its data", async ({
  context,
}) => {
  test.setTimeout(90_000); // five page visits on a shared 2-core machine: an upper bound, not a wait
  const { id, number, key, title } = await aPostWithAPartNumber(context);
  const moments: (HydrationMoment | 'as soon as the link is there' | 'once the page has loaded')[] = [
    'as soon as the link is there',
    'as hydration starts',
    'while hydrating',
    'as it is hydrated',
    'once the page has loaded',
  ];
  for (const moment of moments) {
    await test.step(moment, async () => {
      const page = await context.newPage();
      if (moment === 'as soon as the link is there') {
        await page.goto(`/post/${id}`, { waitUntil: 'commit' });
        await page.getByRole('link', { name: number }).click();
      } else if (moment === 'once the page has loaded') {
        await page.goto(`/post/${id}`);
        await page.getByRole('link', { name: number }).click();
      } else {
        await clickLinkAt(page, moment, `/parts/${key}`);
        await page.goto(`/post/${id}`);
      }
      await expect(page).toHaveURL(`${E2E_BASE_URL}/parts/${key}`);
      await expect(page.getByRole('heading', { level: 1, name: `${number} Casement operator` })).toBeVisible();
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await page.close();
    });
  }
});
