import { test, expect } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { e2eDb } from './support/db';
import { expectNoAxeViolations } from './support/axe';

const uniqueWord = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toLowerCase().replace(/[^a-z]/g, 'q');

async function publicPost(authorId: string, title: string, description: string, status: 'open' | 'solved' = 'open') {
  const { rows } = await e2eDb().query<{ id: string }>(
    `INSERT INTO posts (user_id, topic, title, description, status) VALUES ($1, 'windows', $2, $3, $4) RETURNING id`,
    [authorId, title, description, status],
  );
  return rows[0]!.id;
}

test('similar questions appear on /ask while typing the title, solved first, opening in a new tab', async ({
  page,
  context,
}) => {
  const member = await createMember(context.request);
  const word = uniqueWord('winder');
  const solved = await publicPost(
    member.id,
    `Casement ${word} crank handle spins freely`,
    `The ${word} crank handle on my casement spins and the operator does nothing at all.`,
    'solved',
  );
  const open = await publicPost(
    member.id,
    `Casement ${word} crank handle cover cracked`,
    `The cover over the ${word} crank handle of the casement operator has cracked.`,
  );

  await page.goto('/ask');
  await page.getByLabel('Title').pressSequentially(`${word} crank handle`, { delay: 20 });
  const panel = page.getByRole('region', { name: MSG.similarWhileAsking });
  await expect(panel).toBeVisible();
  const links = panel.getByRole('link');
  await expect(links.first()).toHaveAttribute('href', `/post/${solved}`);
  await expect(panel.getByRole('link', { name: /cover cracked/ })).toHaveAttribute('href', `/post/${open}`);
  await expect(links.first()).toHaveAttribute('target', '_blank');
  await expectNoAxeViolations(page);

  const [tab] = await Promise.all([context.waitForEvent('page'), links.first().click()]);
  await expect(tab).toHaveURL(new RegExp(`/post/${solved}$`));
  await expect(page).toHaveURL(/\/ask$/);
});

test("the post page lists 'Similar questions' refreshed by the job", async ({ page, request }) => {
  const author = await createMember(request);
  const word = uniqueWord('slider');
  const first = await publicPost(
    author.id,
    `Patio door ${word} rollers worn flat`,
    `The ${word} patio door drags on the track; the rollers under the panel are worn flat.`,
  );
  const twin = await publicPost(
    author.id,
    `Sliding patio door ${word} drags, rollers noisy`,
    `My ${word} sliding patio door drags along the track and the rollers are noisy.`,
  );

  // Inserting them woke the worker; wait for its job to have listed the twin.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/posts/${first}/similar`);
        return ((await res.json()) as { questions: { id: string }[] }).questions.map((q) => q.id);
      },
      { timeout: 20_000 },
    )
    .toContain(twin);

  await page.goto(`/post/${first}`);
  const section = page.getByRole('region', { name: MSG.similarQuestions });
  await expect(section.getByRole('link', { name: /drags, rollers noisy/ })).toHaveAttribute('href', `/post/${twin}`);
  await expectNoAxeViolations(page);
});
