// npm test: every suite: unit, API and web components (vitest), then the browser suite (Playwright).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

const results = [];
results.push(['vitest (unit, api, web)', run('npx', ['vitest', 'run'])]);
results.push(['playwright (browser)', run('npx', ['playwright', 'test'])]);

const failed = results.filter(([, code]) => code !== 0);
for (const [name, code] of results) console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}`);
process.exit(failed.length ? 1 : 0);
