import { test, expect, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember, type TestMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { replyThroughApi } from './support/replies';
import { e2eDb } from './support/db';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notification-badge');

test('a reply posted in one window appears in another without a reload, and notifies the author live', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const authorContext = await browser.newContext();
  const helperContext = await browser.newContext();
  const author: TestMember = await createMember(authorContext.request);
  const helper = await createMember(helperContext.request);
  const title = `Live reply ${Date.now()}`;
  const [postId, otherPostId] = await insertPublicPosts({ authorId: author.id, count: 2, label: title });

  const authorPage = await authorContext.newPage();
  const helperPage = await helperContext.newPage();
  await authorPage.goto(`/post/${postId}`);
  await helperPage.goto(`/post/${postId}`);
  await expect(authorPage.getByRole('heading', { name: MSG.replyCount(0) })).toBeVisible();
  await expect(bell(authorPage)).toHaveAccessibleName('Notifications');
  await expect(badge(authorPage)).toHaveCount(0);

  await helperPage
    .getByRole('textbox', { name: MSG.addReply })
    .fill('That is a Truth 15-series operator, the gearbox stamp gives it away.');
  await helperPage.getByRole('button', { name: MSG.postReply }).click();
  await expect(helperPage.getByText(MSG.replyPosted)).toBeVisible();

  // The author's open page: the reply and the count, with no reload; the bell rises to 1.
  await expect(authorPage.getByRole('article', { name: `Reply by ${helper.username}` })).toBeVisible();
  await expect(authorPage.getByRole('heading', { name: MSG.replyCount(1) })).toBeVisible();
  await expect(badge(authorPage)).toHaveText('1');

  // Two more (a mention, and a reply on the other question): prepended, newest first, the badge rising.
  await replyThroughApi(helperContext.request, postId!, `@${author.username} the part number is on the underside.`);
  await expect(badge(authorPage)).toHaveText('2');
  await replyThroughApi(helperContext.request, otherPostId!, 'Same answer as on your other question, the 15-series.');
  await expect(badge(authorPage)).toHaveText('3');

  await bell(authorPage).click();
  const items = authorPage.getByRole('list', { name: 'Latest notifications' }).getByRole('button');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText(`${helper.username} replied to your post`);
  await expect(items.first()).toContainText('question number 2');
  await expect(items.nth(1)).toContainText(`${helper.username} mentioned you in`);

  // Mark one: it opens its post and the badge drops.
  await items.first().click();
  await expect(authorPage).toHaveURL(`/post/${otherPostId}`);
  await expect(badge(authorPage)).toHaveText('2');

  // Mark all.
  await bell(authorPage).click();
  await authorPage.getByRole('button', { name: MSG.markAllRead }).click();
  await expect(badge(authorPage)).toHaveCount(0);
  await authorPage.reload();
  await expect(bell(authorPage)).toHaveAccessibleName('Notifications');
  await authorContext.close();
  await helperContext.close();
});

test("a visitor's open post page receives a new reply live", async ({ page, request }) => {
  const author = await createMember(request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Visitor live ${Date.now()}` });
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { name: MSG.replyCount(0) })).toBeVisible();

  const helper = await createMember(request);
  await replyThroughApi(request, postId!, 'Visitors see this one arrive without reloading the page.');
  await expect(page.getByRole('article', { name: `Reply by ${helper.username}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: MSG.replyCount(1) })).toBeVisible();
});

test('a reply made before a server-drawn post page has its live stream still appears once the stream opens', async ({
  page,
  request,
}) => {
  const author = await createMember(request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Late stream ${Date.now()}` });
  // The stream is held back until the reply exists: the page's drawn data is older than its stream.
  let openStream!: () => void;
  const replied = new Promise<void>((resolve) => (openStream = resolve));
  await page.route(/\/api\/events(\?|$)/, async (route) => {
    await replied;
    await route.continue();
  });
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { name: MSG.replyCount(0) })).toBeVisible();

  const helper = await createMember(request);
  await replyThroughApi(request, postId!, 'Written while the page was still connecting.');
  openStream();
  await expect(page.getByRole('article', { name: `Reply by ${helper.username}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: MSG.replyCount(1) })).toBeVisible();
});

/** Requests of the page to the API paths a server-drawn page was sent the answers of. */
function countFrameRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/me' || pathname === '/api/config' || pathname.startsWith('/api/posts')) seen.push(pathname);
  });
  return seen;
}

/** Resolves once the server holds this page's posts for its stream (and has judged what passed since the drawing). */
const streamHolds = (page: Page, postId: string) =>
  page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'PUT' || !/\/api\/events\/[^/]+\/posts$/.test(response.url())) return false;
    return (
      response.status() === 204 &&
      (JSON.parse(request.postData() ?? '{}') as { postIds?: string[] }).postIds?.includes(postId) === true
    );
  });

test(
  'a server-drawn home page and post page ask the API nothing again once live, when nothing changed',
  { tag: '@alone' },
  async ({ page, request }) => {
    const author = await createMember(request);
    const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Quiet page ${Date.now()}` });
    // Signing up goes through the server, whose answer waits until it has heard every event committed before
    // (the new post's): the pages below are drawn after it, so nothing happened since their drawing.
    const helper = await createMember(request);
    const requested = countFrameRequests(page);

    const homeHeld = streamHolds(page, postId!);
    await page.goto('/');
    await homeHeld;
    expect(requested).toEqual([]);

    const postHeld = streamHolds(page, postId!);
    await page.goto(`/post/${postId}`);
    await postHeld;
    expect(requested).toEqual([]);
    // A reply after that arrives live on the same stream (after any refetch it would have been told of): it refetches
    // the post and its replies, never who is signed in or the settings.
    await replyThroughApi(request, postId!, 'Arrives live on a page that asked for nothing more.');
    await expect(page.getByRole('article', { name: `Reply by ${helper.username}` })).toBeVisible();
    expect(requested.filter((path) => path === '/api/me' || path === '/api/config')).toEqual([]);
  },
);

test('ten tabs of one browser share one event stream and still load pages; each stays live', async ({
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const author = await createMember(context.request);
  const postIds = await insertPublicPosts({ authorId: author.id, count: 10, label: `Ten tabs ${Date.now()}` });
  let streams = 0;
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') streams += 1;
  });

  // Ten pages drawn at once by one browser, on CI's two cores shared with the other worker, take longer than one:
  // what this asserts is that they load (a request starved of a connection would never answer), not how fast.
  const TEN_AT_ONCE = { timeout: 45_000 };
  // The first tab opens first (it will hold the stream); the other nine load together.
  const open = async (id: string) => {
    const page = await context.newPage();
    await page.goto(`/post/${id}`);
    await expect(page.getByRole('heading', { name: MSG.replyCount(0) })).toBeVisible(TEN_AT_ONCE);
    return page;
  };
  const pages = [await open(postIds[0]!), ...(await Promise.all(postIds.slice(1).map(open)))];
  // Pages still load in every tab while the stream is held open: moving within the app, and a reload.
  await Promise.all(
    pages.map(async (page) => {
      await page.getByRole('banner').getByRole('link', { name: 'Fenestra' }).click();
      await expect(page.getByRole('heading', { name: 'Community Discussions' })).toBeVisible(TEN_AT_ONCE);
    }),
  );
  await pages[5]!.reload();
  await expect(pages[5]!.getByRole('heading', { name: 'Community Discussions' })).toBeVisible();
  await Promise.all(pages.map((page) => page.goBack()));
  await Promise.all(
    pages.map((page) => expect(page.getByRole('heading', { name: MSG.replyCount(0) })).toBeVisible(TEN_AT_ONCE)),
  );
  expect(streams).toBe(1);

  // The last tab is not the one holding the stream, yet the reply reaches it. (The helper signs in
  // outside this browser, which stays the author's.)
  const helper = await createMember(request);
  await replyThroughApi(request, postIds[9]!, "Arrives in the tenth tab through the first tab's stream.");
  await expect(pages[9]!.getByRole('article', { name: `Reply by ${helper.username}` })).toBeVisible();

  // Closing the tab that holds the stream: another takes over and stays live.
  await pages[0]!.close();
  await replyThroughApi(request, postIds[8]!, 'Arrives after the first tab was closed, through a new stream.');
  await expect(pages[8]!.getByRole('article', { name: `Reply by ${helper.username}` })).toBeVisible();
  expect(streams).toBe(2);
});

test("an open page learns at once that its session ended: 'Your session has ended', and the visitor's view", async ({
  page,
  context,
}) => {
  const member = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: member.id, count: 1, label: `Session ends ${Date.now()}` });
  await page.goto(`/post/${postId}`);
  await expect(bell(page)).toBeVisible();
  await expect(page.getByRole('button', { name: MSG.postReply })).toBeVisible();

  // What a ban or an account deletion does to the member's sessions.
  await e2eDb().query('DELETE FROM sessions WHERE user_id = $1', [member.id]);
  await expect(page.getByText(MSG.sessionEnded)).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  await expect(page.getByText(MSG.replySignIn, { exact: true })).toBeVisible();
});
