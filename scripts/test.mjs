// npm test: every suite: unit, API and web components (vitest), then the browser suite (Playwright). The API tests
// run on a fresh embedded PostgreSQL, or on TEST_DATABASE_URL's server when it is set (CI sets it: decision 027); the
// tests about the embedded server itself start their own either way.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command with its output passed through; resolves its exit code and, kept aside, what it printed. */
const run = (cmd, args) =>
  new Promise((resolve) => {
    // Piped, so colours are asked for where the terminal would have had them.
    const env = process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env;
    const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env });
    const printed = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      printed.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      printed.push(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, printed: Buffer.concat(printed).toString('utf8') }));
  });

// vitest's account of what failed (its 'Failed Tests' and 'Unhandled Errors' sections), repeated after the browser
// suite's output: CI keeps only the end of a run's output, where it would otherwise be out of sight.
const MAX_LINES = 200;
function failuresOf(printed) {
  const lines = stripVTControlCharacters(printed).split('\n');
  const start = lines.findIndex((line) => /⎯{3,} (Failed Tests|Failed Suites|Unhandled (Errors|Rejection))/.test(line));
  if (start === -1) return 'vitest printed no failed test or error: its output above says why it exited so.';
  const end = lines.findIndex((line, i) => i > start && /^\s*Test Files\s/.test(line));
  const section = lines.slice(start, end === -1 ? undefined : end);
  return (
    section.slice(0, MAX_LINES).join('\n') +
    (section.length > MAX_LINES ? `\n... ${section.length - MAX_LINES} more lines above` : '')
  );
}

console.log(
  `API tests on ${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'a fresh embedded PostgreSQL (set TEST_DATABASE_URL for another server)'}`,
);
const vitest = await run('npx', ['vitest', 'run']);
const playwright = await run('npx', ['playwright', 'test']);

if (vitest.code !== 0)
  console.log(`\n== What vitest said failed (exit code ${vitest.code})\n${failuresOf(vitest.printed)}`);
const results = [
  ['vitest (unit, api, web)', vitest.code],
  ['playwright (browser)', playwright.code],
];
for (const [name, code] of results) console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}`);
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0);
