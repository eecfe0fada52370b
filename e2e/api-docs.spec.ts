import { test, expect } from '@playwright/test';
import { createMember } from './support/members';

// The API's page (decision 024): drawn on the server, no script, so the forum's CSP lets it render as it is.
test('staff read the API page and its OpenAPI document; others find nothing there', async ({ page, context }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  expect((await page.goto('/api/docs'))?.status()).toBe(404);
  await createMember(context.request);
  expect((await page.goto('/api/docs'))?.status()).toBe(404);
  problems.length = 0;

  await createMember(context.request, { role: 'moderator' });
  expect((await page.goto('/api/docs'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /Fenestra API/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'POST /api/posts', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'GET /api/search', exact: true }).click();
  await expect(page).toHaveURL(/#get-\/api\/search$/);
  await expect(
    page.locator('section', { has: page.getByRole('heading', { name: 'GET /api/search', exact: true }) }),
  ).toContainText('didYouMean');

  await page.getByRole('link', { name: 'The OpenAPI 3.1 document' }).click();
  await expect(page).toHaveURL(/\/api\/openapi\.json$/);
  const document = JSON.parse((await page.locator('body').innerText()).trim());
  expect(document.openapi).toBe('3.1.0');
  expect(problems).toEqual([]);
});
