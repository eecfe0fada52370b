import { test, expect, type Locator, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

async function headerControls(page: Page) {
  const banner = page.getByRole('banner');
  return {
    search: banner.getByRole('searchbox', { name: 'Search' }),
    ask: banner.getByRole('link', { name: 'Ask Question' }),
    bell: banner.getByRole('button', { name: /Notifications/ }),
    theme: banner.getByRole('button', { name: /theme/i }),
    menu: banner.getByRole('button', { name: 'User menu' }),
  };
}

test('the signed-in header stays usable at every width from 768 to 1024 px', async ({ page, context }) => {
  await createMember(context.request);
  for (const width of [768, 800, 830, 850, 900, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const controls = await headerControls(page);
    await expect(controls.menu).toBeVisible();
    const boxes = await Promise.all(Object.values(controls).map(boxOf));
    // The search box keeps room to type, no control overlaps another, and nothing spills sideways.
    expect(boxes[0]!.width, `search box at ${width} px`).toBeGreaterThanOrEqual(190);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++)
        expect(overlaps(boxes[i]!, boxes[j]!), `controls ${i} and ${j} at ${width} px`).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test('a toast hides none of the header controls, nor the user menu it may appear under', async ({ page, context }) => {
  const member = await createMember(context.request);
  await insertPublicPosts({ authorId: member.id, count: 1, topic: 'doors', label: `Toast${Date.now()}` });
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/?topic=doors');
    await page.getByRole('article').first().getByRole('button', { name: 'Bookmark' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: MSG.postBookmarked });
    await expect(toast).toBeVisible();
    const controls = await headerControls(page);
    await controls.menu.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const toastBox = await boxOf(toast);
    for (const control of [controls.bell, controls.menu, menu]) {
      if (await control.isVisible())
        expect(
          overlaps(toastBox, await boxOf(control)),
          `at ${width} px: ${JSON.stringify([toastBox, await boxOf(control)])}`,
        ).toBe(false);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('article').first().getByRole('button', { name: 'Remove bookmark' }).click();
  }
});

/** WCAG contrast of two CSS colours given as rgb()/rgba() (alpha ignored: both are opaque here). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test('the active Sign In / Sign Up tab stands out at 3:1 or more in both themes', async ({ page }) => {
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/auth');
    const active = page.getByRole('tab', { selected: true });
    await expect(active).toHaveText('Sign In');
    const colours = await active.evaluate((tab) => {
      const style = getComputedStyle(tab);
      // The ring is the box-shadow's opaque colour (the shadows are translucent), against the tab list's background.
      const ring = style.boxShadow.match(/rgb\([^)]+\)/)?.[0] ?? '';
      return { ring, list: getComputedStyle(tab.parentElement!).backgroundColor };
    });
    expect(colours.ring, `${theme} ring colour`).toMatch(/^rgb/);
    expect(contrast(colours.ring, colours.list), `${theme} theme`).toBeGreaterThanOrEqual(3);
  }
});
