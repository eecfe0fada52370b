import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { E2E_BASE_URL } from './support/env';
import { createMember } from './support/members';
import { e2eDb } from './support/db';

// A phone: 375 CSS px at 3 device pixels each. A card's tile is about 72 px wide there (216 device px). The screen
// too: left at the desktop project's 1920 px, Chromium's preload scanner reads the `sizes` media queries against it.
const PHONE = {
  viewport: { width: 375, height: 812 },
  screen: { width: 375, height: 812 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

const cameraPhoto = (background: string) =>
  sharp({ create: { width: 1920, height: 1440, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A public post of two 1920-px photos uploaded through the API; returns its id and the photos' addresses. */
async function postWithPhotos(request: APIRequestContext, title: string) {
  const upload = await request.post(`${E2E_BASE_URL}/api/uploads/images`, {
    headers: { origin: E2E_BASE_URL },
    multipart: {
      files: { name: 'sash.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto('#8a6f4e') },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const second = await request.post(`${E2E_BASE_URL}/api/uploads/images`, {
    headers: { origin: E2E_BASE_URL },
    multipart: { files: { name: 'keeper.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto('#4e6f8a') } },
  });
  const files = [...(await upload.json()).files, ...(await second.json()).files] as { id: string; publicUrl: string }[];
  const created = await request.post(`${E2E_BASE_URL}/api/posts`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      topic: 'doors',
      title,
      tags: [],
      imageUploadIds: files.map((f) => f.id),
      description: 'The keeper plate has worn through and the latch no longer catches on this old door.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await e2eDb().query(`UPDATE posts SET status = 'open' WHERE id = $1`, [id]);
  return { id, photos: files.map((f) => f.publicUrl) };
}

/** Every picture of the member's the page asks for, from the moment it opens. */
function picturesAsked(page: Page, memberId: string) {
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith(`/media/post-images/${memberId}/`)) asked.push(pathname);
  });
  return asked;
}

/** The page's cumulative layout shift so far, from the browser's own record of it (buffered entries, read at once). */
const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return shifts.reduce((sum, shift) => sum + (shift.hadRecentInput ? 0 : shift.value), 0);
  });

const allLoaded = (page: Page, selector: string) =>
  page.waitForFunction(
    (s) =>
      Array.from(document.querySelectorAll<HTMLImageElement>(s)).every((img) => img.complete && img.naturalWidth > 0),
    selector,
  );

test('a phone gets the small copy a card shows, never the 1920-px photo, and nothing moves when it arrives', async ({
  browser,
  request,
}) => {
  const member = await createMember(request);
  const title = `Worn keeper plate ${Date.now()}`;
  const { id, photos } = await postWithPhotos(request, title);

  // The server's HTML already carries the copies, the size and the lazy loading (the same markup the browser hydrates).
  const html = await (await request.get(`${E2E_BASE_URL}/?topic=doors`)).text();
  const tag = html.match(new RegExp(`<img[^>]*src="${photos[0]!.replace(/[.]/g, '\\.')}"[^>]*>`))?.[0] ?? '';
  // React writes the attribute as srcSet; HTML reads attribute names in any case.
  expect(tag).toContain(`srcSet="${photos[0]!.replace(/\.jpg$/, '.w160.webp')} 160w`);
  expect(tag).toContain('width="1920"');
  expect(tag).toContain('height="1440"');
  expect(tag).toContain('sizes="(min-width: 640px) 106px, calc(25vw - 22px)"');

  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  const asked = picturesAsked(page, member.id);
  await page.goto('/?topic=doors');
  const card = page.getByRole('article').filter({ hasText: title });
  await card.scrollIntoViewIfNeeded();
  const tiles = card.getByRole('img', { name: /^Image \d$/ });
  await expect(tiles).toHaveCount(2);
  await allLoaded(page, `img[src^="/media/post-images/${member.id}/"]`);

  for (const tile of await tiles.all()) {
    expect(await tile.getAttribute('width')).toBe('1920');
    expect(await tile.getAttribute('height')).toBe('1440');
    expect(await tile.getAttribute('decoding')).toBe('async');
    // 72 CSS px at 3x: the 320-px copy is the smallest that covers it.
    expect(await tile.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/\.w320\.webp$/);
  }
  expect(asked.length).toBe(2);
  for (const path of asked) expect(path).toMatch(/\.w320\.webp$/);
  expect(await layoutShift(page)).toBe(0);

  // The post page: two columns of about 150 px (the 640-px copy), the first loaded with the page; the viewer takes 1280.
  asked.length = 0;
  await page.goto(`/post/${id}`);
  const gallery = page.getByRole('list', { name: 'Photos and video' });
  await expect(gallery.getByRole('button', { name: 'Open image 1' })).toBeVisible();
  await allLoaded(page, `ul[aria-label="Photos and video"] img`);
  expect(await gallery.locator('img').first().getAttribute('loading')).toBe('eager');
  expect(await gallery.locator('img').nth(1).getAttribute('loading')).toBe('lazy');
  expect(
    asked.every((p) => p.endsWith('.w640.webp')),
    asked.join(' '),
  ).toBe(true);
  expect(await layoutShift(page)).toBe(0);

  await gallery.getByRole('button', { name: 'Open image 1' }).click();
  const shown = page.getByRole('dialog').getByRole('img', { name: 'Image 1' });
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => new URL(img.currentSrc || img.src, location.href).pathname))
    .toMatch(/\.w1280\.webp$/);
  expect(asked.some((p) => p.endsWith('.jpg'))).toBe(false);
  await phone.close();
});

/** Photos a member might upload as an avatar (the demo's video posters, 640 px; stored at 512). */
const AVATAR_PHOTOS = ['storm-door-closer', 'casement-crank', 'patio-door-roller'].map((name) =>
  readFileSync(path.join(import.meta.dirname, '..', 'apps', 'server', 'src', 'ops', 'seed', 'videos', `${name}.jpg`)),
);

/** A new member with an uploaded avatar and one public post in Screens; returns the member and their avatar's address. */
async function memberWithAvatar(request: APIRequestContext, photo: Buffer, title: string) {
  const member = await createMember(request);
  const upload = await request.post(`${E2E_BASE_URL}/api/uploads/images`, {
    headers: { origin: E2E_BASE_URL },
    multipart: { purpose: 'avatar', files: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const [file] = (await upload.json()).files as { id: string; publicUrl: string }[];
  const set = await request.put(`${E2E_BASE_URL}/api/settings/avatar`, {
    headers: { origin: E2E_BASE_URL },
    data: { kind: 'upload', uploadId: file!.id },
  });
  expect(set.ok(), await set.text()).toBe(true);
  const created = await request.post(`${E2E_BASE_URL}/api/posts`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      topic: 'screens',
      title,
      tags: [],
      description: 'The screen spline has shrunk and the mesh pulls out of the frame at one corner.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await e2eDb().query(`UPDATE posts SET status = 'open' WHERE id = $1`, [(await created.json()).id]);
  return { member, avatar: file!.publicUrl };
}

test("a phone gets an avatar's small copy on the cards, never the 512-px picture, and nothing moves", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const authors: Awaited<ReturnType<typeof memberWithAvatar>>[] = [];
  for (const [i, photo] of AVATAR_PHOTOS.entries())
    authors.push(await memberWithAvatar(request, photo, `Shrunk spline ${stamp} ${i}`));

  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  const sent = new Map<string, number>();
  page.on('response', async (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/media/avatars/')) sent.set(pathname, (await r.body()).length);
  });
  await page.goto('/?topic=screens');
  for (const { member, avatar } of authors) {
    const card = page.getByRole('article').filter({ hasText: `@${member.username}` });
    await card.scrollIntoViewIfNeeded();
    const img = card.locator(`img[src="${avatar}"]`);
    await expect(img).toHaveAttribute('width', '24');
    await expect(img).toHaveAttribute('height', '24');
    // 24 CSS px at 3x: the 96-px copy is the smallest that covers it.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? new URL(el.currentSrc).pathname : '')))
      .toMatch(/\.w96\.webp$/);
  }
  expect(
    [...sent.keys()]
      .filter((p) => authors.some((a) => p.startsWith(a.avatar.replace(/\.jpg$/, ''))))
      .every((p) => p.endsWith('.w96.webp')),
  ).toBe(true);
  expect(await layoutShift(page)).toBe(0);

  // What the cards' avatars cost, against what the stored pictures would have.
  const copies = authors.map((a) => sent.get(a.avatar.replace(/\.jpg$/, '.w96.webp')) ?? 0);
  const wholes = await Promise.all(
    authors.map(async (a) => (await (await request.get(`${E2E_BASE_URL}${a.avatar}`)).body()).length),
  );
  console.log(`avatars at 3x: copies ${copies.join('+')} B, the pictures themselves ${wholes.join('+')} B`);
  expect(copies.every((bytes, i) => bytes > 0 && bytes * 4 < wholes[i]!)).toBe(true);
  await phone.close();
});
