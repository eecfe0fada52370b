// npm run bench:lighthouse -- [BASE_URL] [PATH...]: Lighthouse's mobile audit (simulated slow 4G, 4x CPU) of each page:
// the four category scores, first and largest contentful paint, total blocking time and layout shift.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ['/'];
const chrome = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const bin = path.resolve('node_modules/.bin/lighthouse');

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: { items?: { description?: string; source?: string }[] } }>;
}

for (const page of targets) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fenestra-lh-'));
  const out = path.join(dir, 'report.json');
  const run = spawnSync(bin, [
    new URL(page, base).href, '--output=json', `--output-path=${out}`, '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-sync',
  ], { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) {
    console.error(`${page}: lighthouse failed (${run.status})`);
    process.exitCode = 1;
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  rmSync(dir, { recursive: true, force: true });
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => `${((report.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
  console.log(`${page}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}; `
    + `FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${Math.round(report.audits['total-blocking-time']?.numericValue ?? 0)} ms, `
    + `CLS ${(report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`);
  // What costs points outside performance, so a regression says what it is.
  for (const id of ['errors-in-console', 'inspector-issues', 'csp-xss']) {
    const items = report.audits[id]?.details?.items ?? [];
    for (const item of items.slice(0, 5)) console.log(`  ${id}: ${item.description ?? item.source ?? JSON.stringify(item).slice(0, 200)}`);
  }
}
