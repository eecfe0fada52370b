import { test, expect, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { e2eDb } from './support/db';
import { expectNoAxeViolations } from './support/axe';

// A word no other test writes, so each test's posts are the only ones its searches find.
const uniqueWord = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toLowerCase().replace(/[^a-z]/g, 'q');

async function publicPost(authorId: string, title: string, description: string, topic = 'windows') {
  const { rows } = await e2eDb().query<{ id: string }>(
    `INSERT INTO posts (user_id, topic, title, description, status) VALUES ($1, $2, $3, $4, 'open') RETURNING id`,
    [authorId, topic, title, description],
  );
  return rows[0]!.id;
}

const searchBox = (page: Page) => page.getByRole('search').getByLabel('Search');

test('header search finds a post and marks the words searched for; a blank search goes nowhere', async ({
  page,
  request,
}) => {
  const author = await createMember(request);
  const word = uniqueWord('crankwheel');
  await publicPost(
    author.id,
    `Casement ${word} handle <stripped> on the operator`,
    `The ${word} spins on the splined stud of the operator and the sash stays shut.`,
  );

  await page.goto('/');
  await searchBox(page).fill('   ');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/$/);

  await searchBox(page).fill(`${word} operator`);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
  await expect(page.getByText('Found 1 result')).toBeVisible();
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('article');
  await expect(card.getByRole('heading')).toHaveText(`Casement ${word} handle <stripped> on the operator`);
  await expect(card.getByRole('heading').locator('mark')).toHaveText([word, 'operator']);
  await expect(card.locator('p mark').first()).toHaveText(word);
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Casement ${word} handle <stripped> on the operator`,
  );
});

test('Load More brings the next 20 results', async ({ page, request }) => {
  const author = await createMember(request);
  const word = uniqueWord('rollerset');
  await insertPublicPosts({ authorId: author.id, count: 25, topic: 'doors', label: `Patio ${word}` });
  await page.goto(`/search?q=${word}`);
  await expect(page.getByText('Found 25 results')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Search results' }).getByRole('article');
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: 'Load More Results' }).click();
  await expect(cards).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Load More Results' })).toHaveCount(0);
});

test("no results: suggestions and 'Did you mean' from the words of public posts", async ({ page, request }) => {
  const author = await createMember(request);
  const word = uniqueWord('weatherseal');
  await publicPost(
    author.id,
    `Door ${word} replacement profile`,
    `Which ${word} profile fits a kerf slot in an entry door frame?`,
    'doors',
  );
  const misspelt = word.slice(0, 4) + word.slice(5);

  // Nothing in Screens: the misspelt word is corrected, the topic still finds nothing.
  await page.goto(`/search?q=${misspelt}&topic=screens`);
  await expect(page.getByRole('heading', { name: MSG.noResults })).toBeVisible();
  await expect(page.getByText(/Check the spelling/)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Ask a question' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: word }).click();
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByText('Found 1 result')).toBeVisible();
});

// accessibility.spec.ts covers /search in both themes at both widths; here each state, light on a desktop and dark on a phone.
for (const [theme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  test(`the search page passes axe in each state (${theme}, ${width} px)`, async ({ page, context, request }) => {
    const author = await createMember(request);
    const word = uniqueWord('axeword');
    await publicPost(
      author.id,
      `Sash ${word} balance question`,
      `The ${word} balance in my sash window has snapped and the sash drops.`,
    );
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/search?q=${word}`);
    await expect(page.getByText('Found 1 result')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/search?q=zzqxjvw');
    await expect(page.getByRole('heading', { name: MSG.noResults })).toBeVisible();
    await expectNoAxeViolations(page);

    // Held: 'Searching...'; then failed (and failing again on the client's retries): 'Failed to search posts'.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/search?*', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'away', statusCode: 503 }),
      });
    });
    await page.goto(`/search?q=${word}`);
    await expect(page.getByText(MSG.searching)).toBeVisible();
    await expectNoAxeViolations(page);
    release();
    await expect(page.getByRole('alert').filter({ hasText: MSG.failedSearch })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
