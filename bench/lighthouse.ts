// npm run bench:lighthouse -- [BASE_URL] [PATH...]: Lighthouse's mobile audit (simulated slow 4G, 4x CPU) of each page:
// the four category scores, first and largest contentful paint, total blocking time and layout shift. Without paths:
// the home page and the first part page the server's sitemap names (issue 27 asks SEO 100 of a part page).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
/** The first part page the sitemap lists, if the forum has one. */
async function firstPartPage(): Promise<string[]> {
  try {
    const res = await fetch(new URL('/sitemaps/parts-1.xml', base));
    const url = res.ok ? /<loc>([^<]+)<\/loc>/.exec(await res.text())?.[1] : undefined;
    return url ? [new URL(url).pathname] : [];
  } catch {
    return [];
  }
}
const targets = paths.length ? paths : ['/', ...(await firstPartPage())];
const chrome = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Lighthouse (and its 200 packages) is this bench's alone, so the forum's npm install leaves it out: it lives in
// the package bench/lighthouse, installed from its own lockfile the first time the bench runs (decision 027).
const benchPackage = fileURLToPath(new URL('./lighthouse/', import.meta.url));
const bin = path.join(benchPackage, 'node_modules/.bin/lighthouse');
if (!existsSync(bin)) {
  console.log('Installing lighthouse into bench/lighthouse/node_modules (once)...');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: benchPackage, stdio: 'inherit' });
  if (install.status !== 0) {
    console.error('lighthouse did not install: npm ci in bench/lighthouse failed.');
    process.exit(install.status ?? 1);
  }
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs?: { id: string }[] }>;
  audits: Record<
    string,
    {
      score?: number | null;
      numericValue?: number;
      displayValue?: string;
      details?: { items?: { description?: string; source?: string }[] };
    }
  >;
}

for (const page of targets) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fenestra-lh-'));
  const out = path.join(dir, 'report.json');
  const run = spawnSync(
    bin,
    [
      new URL(page, base).href,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-sync',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) {
    console.error(`${page}: lighthouse failed (${run.status})`);
    process.exitCode = 1;
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  rmSync(dir, { recursive: true, force: true });
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => `${((report.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
  console.log(
    `${page}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}; ` +
      `FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${Math.round(report.audits['total-blocking-time']?.numericValue ?? 0)} ms, ` +
      `CLS ${(report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
  );
  // The SEO audits that failed, by name.
  for (const ref of report.categories.seo?.auditRefs ?? []) {
    const audit = report.audits[ref.id];
    if (audit && audit.score !== null && audit.score !== undefined && audit.score < 1)
      console.log(`  seo: ${ref.id} failed`);
  }
  // What costs points outside performance, so a regression says what it is.
  for (const id of ['errors-in-console', 'inspector-issues', 'csp-xss']) {
    const items = report.audits[id]?.details?.items ?? [];
    for (const item of items.slice(0, 5))
      console.log(`  ${id}: ${item.description ?? item.source ?? JSON.stringify(item).slice(0, 200)}`);
  }
}
