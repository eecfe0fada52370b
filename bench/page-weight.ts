// npm run bench:weight -- [BASE_URL] [PATH...]: bytes a phone downloads to show a page (transfer size, cold cache).
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ['/'];

const browser = await chromium.launch({
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
});
for (const path of targets) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const byType = new Map<string, number>();
  const types = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId) ?? 'Other';
    byType.set(type, (byType.get(type) ?? 0) + e.encodedDataLength);
  });
  await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
  const total = [...byType.values()].reduce((a, b) => a + b, 0);
  const parts = [...byType.entries()].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ${(n / 1024).toFixed(1)} KiB`);
  console.log(`${path}: ${(total / 1024).toFixed(1)} KiB transferred (${parts.join(', ')})`);
  await context.close();
}
await browser.close();
