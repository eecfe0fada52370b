import { test, expect, type Page } from '@playwright/test';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { MSG, type PushPayload, type PushSettings } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { replyThroughApi } from './support/replies';
import { e2eDb } from './support/db';
import { E2E_BASE_URL, E2E_PUSH_PORT } from './support/env';
import { expectNoAxeViolations } from './support/axe';

// The installable app (issue 29, docs/decisions/036). A browser driven by a test registers no service worker unless its
// page asks (apps/web/src/lib/pwa/register-service-worker.ts): every page here asks.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('fenestra-service-worker', 'on'));
});
// One at a time: the update test swaps the served worker for a moment. Each test walks several whole pages.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** The build the suite's server serves (scripts/e2e-server.mjs). */
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/** The page once this build's service worker controls it (it registers after the first paint). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const staticCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('fenestra-static-')));

test('installable: Chromium parses the manifest and finds nothing in the way of installing', async ({
  playwright,
  request,
}, testInfo) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // A profile of its own: Chromium does not install from an incognito context, which every new context is.
  const profile = mkdtempSync(path.join(tmpdir(), 'fenestra-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: E2E_BASE_URL,
    serviceWorkers: 'allow',
  });
  await context.addInitScript(() => localStorage.setItem('fenestra-service-worker', 'on'));
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string; data?: string };
  expect(parsed.errors).toEqual([]);
  expect(parsed.url).toBe(`${E2E_BASE_URL}/manifest.webmanifest`);
  const data = JSON.parse(parsed.data ?? '{}');
  expect(data).toMatchObject({
    name: expect.stringContaining('Fenestra'),
    short_name: 'Fenestra',
    display: 'standalone',
  });
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('offline: bookmarks and the posts opened stay readable; other pages show the offline page; sign-out forgets them', async ({
  page,
  context,
}) => {
  const member = await createMember(context.request);
  const label = `Offline${Date.now()}`;
  const [kept, other] = await insertPublicPosts({ authorId: member.id, count: 2, topic: 'doors', label });
  await e2eDb().query('INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2)', [member.id, other]);

  // Read online once the worker is there: the bookmarks, then the post (its page is drawn by the server).
  await page.goto('/bookmarks');
  await controlled(page);
  await page.reload();
  await expect(page.getByText(`${label} question number 2`)).toBeVisible();
  await page.goto(`/post/${kept}`);
  await expect(page.getByRole('heading', { level: 1, name: `${label} question number 1` })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/bookmarks');
  await expect(page.getByText(`${label} question number 2`)).toBeVisible();
  await page.goto(`/post/${kept}`);
  await expect(page.getByRole('heading', { level: 1, name: `${label} question number 1` })).toBeVisible();
  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your bookmarks' })).toBeVisible();
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await page.goto('/bookmarks');
  const signOut = await page.evaluate(() =>
    fetch('/api/account/sign-out', { method: 'POST' }).then((response) => response.status),
  );
  expect(signOut).toBe(200);
  expect(await page.evaluate(() => caches.has('fenestra-reader'))).toBe(false);
});

test('update: a new build takes over, says so, and the reload shows it', async ({ page }) => {
  await page.goto('/');
  await controlled(page);
  const [before] = await staticCaches(page);
  // The next build's worker: the same rules under another build id (its caches are named by it), written where the
  // server serves this build's (the browser fetches a worker's script itself: page.route never sees it).
  const files = ['sw.js', 'sw.js.gz', 'sw.js.br'].map((name) => path.join(WEB_DIST, name));
  const original = files.map((file) => readFileSync(file));
  const next = Buffer.from(original[0]!.toString('utf8').replace(/version:"[0-9a-f]+"/, 'version:"nextbuild000"'));
  try {
    writeFileSync(files[0]!, next);
    writeFileSync(files[1]!, gzipSync(next));
    writeFileSync(files[2]!, brotliCompressSync(next));
    // The new worker fetches the whole build before it takes over (as long as a first visit's downloads take, with
    // the other worker's tests on the same server): its end is waited for, and says whether it installed.
    const settled = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      await registration.update();
      const worker = registration.installing ?? registration.waiting ?? registration.active!;
      while (worker.state !== 'activated' && worker.state !== 'redundant')
        await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }));
      return worker.state;
    });
    expect(settled, 'the new build installed (a redundant worker failed to fetch part of the build)').toBe('activated');
    await expect(page.getByText(MSG.newVersionAvailable)).toBeVisible();
    await page.getByRole('button', { name: MSG.reloadForNewVersion }).click();
    await page.waitForLoadState('load');
    await controlled(page);
    await expect.poll(() => staticCaches(page)).toEqual(['fenestra-static-nextbuild000']);
    expect(before).not.toBe('fenestra-static-nextbuild000');
  } finally {
    files.forEach((file, i) => writeFileSync(file, original[i]!));
  }
});

// web-push-testing: a push service on loopback that decrypts what it is sent (the browser's own push service is
// Google's, out of reach here: the page's PushManager is pointed at this one, the third party mocked).
interface PushApiModel {
  notifyUrl: string;
  subscribe(options: { applicationServerKey: string }): Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
}

test.describe('push', () => {
  const require = createRequire(import.meta.url);
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
  const Server = require('web-push-testing/src/server.js') as new (
    model: PushApiModel,
    port: number,
  ) => { _app: http.RequestListener; setRequestHandlers(): void };
  const model = new PushApiModel();
  let server: http.Server;

  test.beforeAll(async () => {
    const pushService = new Server(model, E2E_PUSH_PORT);
    pushService.setRequestHandlers();
    server = http.createServer(pushService._app);
    await new Promise<void>((resolve) => server.listen(E2E_PUSH_PORT, 'localhost', resolve));
  });
  test.afterAll(() => new Promise((resolve) => server.close(resolve)));

  test('turned on in Settings, a reply is pushed and decrypted, a click opens it, a gone device is removed', async ({
    page,
    context,
    playwright,
  }) => {
    await context.grantPermissions(['notifications']);
    // The page's PushManager subscribes at the test's push service, as a browser does at its vendor's.
    await page.exposeFunction('subscribeAtTestPushService', (key: string) =>
      model.subscribe({ applicationServerKey: key }),
    );
    await page.addInitScript(() => {
      type Subscribed = { endpoint: string; keys: { p256dh: string; auth: string }; key: ArrayBuffer };
      const w = window as unknown as { subscribeAtTestPushService(key: string): Promise<Subscribed> };
      let current: Subscribed | null = null;
      const asSubscription = (s: Subscribed) => ({
        endpoint: s.endpoint,
        options: { applicationServerKey: s.key, userVisibleOnly: true },
        toJSON: () => ({ endpoint: s.endpoint, keys: s.keys }),
        unsubscribe: async () => ((current = null), true),
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const bytes = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
        const key = btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        current = { ...(await w.subscribeAtTestPushService(key)), key: bytes.buffer };
        return asSubscription(current) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (current ? asSubscription(current) : null) as unknown as PushSubscription;
    });
    const author = await createMember(context.request);
    const label = `Pushed${Date.now()}`;
    const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, topic: 'windows', label });

    await page.goto('/settings');
    await controlled(page);
    const section = page.getByRole('region', { name: 'Push notifications' });
    await section.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(page.getByText(MSG.pushTurnedOn).first()).toBeVisible();
    await expect(section.getByRole('button', { name: /^Remove .* \(this device\)$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    const { devices } = (await (await context.request.get('/api/settings/push')).json()) as PushSettings;
    expect(devices).toHaveLength(1);
    const clientHash = devices[0]!.endpoint.split('/').pop()!;
    // Another member, in another browser; trusted (a new member's first replies wait for review).
    const writerRequest = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const writer = await createMember(writerRequest);
    await e2eDb().query('UPDATE profiles SET trust_level = 1 WHERE id = $1', [writer.id]);
    const reply = await replyThroughApi(
      writerRequest,
      postId!,
      'That is a Truth Hardware operator, check the spline count.',
    );
    await expect
      .poll(() => model.getNotifications({ clientHash }).messages.map((m) => JSON.parse(m) as PushPayload), {
        timeout: 20_000,
      })
      .toEqual([
        {
          title: 'New reply to your post',
          body: expect.stringContaining(`replied to your post "${label} question number 1"`),
          url: `${E2E_BASE_URL}/post/${postId}#reply-${reply.id}`,
          tag: expect.any(String),
        },
      ]);

    // A click on it (the worker's handler): this window is focused and sent to the reply.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(
      (url) => (self as unknown as { openPushTarget(url: string): Promise<unknown> }).openPushTarget(url),
      `${E2E_BASE_URL}/post/${postId}#reply-${reply.id}`,
    );
    await expect(page).toHaveURL(`${E2E_BASE_URL}/post/${postId}#reply-${reply.id}`);
    await expect(page.locator(`#reply-${reply.id}`)).toBeVisible();

    model.expireSubscription(clientHash);
    await replyThroughApi(writerRequest, postId!, 'Also check whether the arm is bent near the sash bracket.');
    await expect
      .poll(async () => ((await (await context.request.get('/api/settings/push')).json()) as PushSettings).devices, {
        timeout: 20_000,
      })
      .toEqual([]);
    await writerRequest.dispose();
  });
});
