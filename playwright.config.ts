import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_LINK_PAGES_PORT, E2E_PORT, E2E_PUSH_PORT } from './e2e/support/env';

// The browser suite: the system Chromium against the real server on a fresh embedded database.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // Limits, not waits (a test ends as soon as what it expects is there): wide enough for a slow machine, where the
  // whole suite ran four times slower than on another (a plain loop three times slower) and tests met 30 s.
  timeout: 60_000,
  expect: { timeout: 14_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@alone/ },
    // A test that asserts nothing changed on the forum (so no page is told to refetch) runs after the others, by
    // itself: another worker's new post is a change every open home page must hear of.
    {
      name: 'alone',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grep: /@alone/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_LINK_PAGES_PORT: String(E2E_LINK_PAGES_PORT),
      E2E_PUSH_PORT: String(E2E_PUSH_PORT),
    },
  },
});
