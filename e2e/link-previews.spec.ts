import { test, expect } from '@playwright/test';
import { createMember, signedInContext } from './support/members';
import { insertPublicPosts } from './support/posts';
import { expectNoAxeViolations } from './support/axe';
import { LINK_PAGES_ORIGIN, startLinkPages } from './support/link-pages';

// One test on the suite's one loopback site (its port is fixed and allow-listed on the server).
test.describe.configure({ mode: 'serial' });

let pages: Awaited<ReturnType<typeof startLinkPages>>;
test.beforeAll(async () => {
  pages = await startLinkPages();
});
test.afterAll(async () => {
  await pages?.close();
});

test('a reply with a link shows its card while typing, and live on another open page', async ({
  browser,
  page,
  context,
}) => {
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Preview${Date.now()}` });
  const link = `${LINK_PAGES_ORIGIN}/parts/hinge`;

  // A visitor keeps the post open in another browser.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/post/${postId}`);
  await expect(visitor.getByRole('heading', { name: '0 Replies' })).toBeVisible();

  await signedInContext(context);
  await page.goto(`/post/${postId}`);
  const form = page.getByRole('form', { name: 'Add a Reply' });
  await form.getByRole('textbox', { name: 'Add a Reply' }).fill(`This is the hinge you need: ${link} (buy two).`);
  // The card the reply will get, shown while typing.
  await expect(form.getByRole('link', { name: /Stainless friction hinge, 12 inch/ })).toBeVisible();
  await form.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByText('Reply posted!')).toBeVisible();

  // On the visitor's page the reply arrives, then its card, without a reload.
  const reply = visitor.getByRole('article', { name: /^Reply by / });
  await expect(reply).toContainText('This is the hinge you need');
  const card = reply.getByRole('link', { name: /Stainless friction hinge, 12 inch/ });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toHaveAttribute('href', link);
  await expect(card).toHaveAttribute('target', '_blank');
  await expect(card).toContainText('A 4-hole friction stay for casement windows, sold in pairs.');
  await expect(card).toContainText('127.0.0.1');
  const picture = card.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/media\/post-images\/link-previews\//);
  // The 800-px picture is not sent whole to a 128-px card: the browser takes its 160-px copy (decision 016).
  await expect
    .poll(() =>
      picture.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : '',
      ),
    )
    .toMatch(/\.w160\.webp$/);

  await expectNoAxeViolations(visitor);
  await visitor.evaluate(() => localStorage.setItem('theme', 'dark'));
  await visitor.reload();
  await expect(visitor.locator('html')).toHaveClass(/dark/);
  await expect(visitor.getByRole('link', { name: /Stainless friction hinge, 12 inch/ })).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitorContext.close();
});
