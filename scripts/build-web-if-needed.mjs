// Builds the web app when its output is missing or older than any of its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

/** The newest modification time in a file or folder tree (0 when missing). */
export function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), st.mtimeMs);
}

export function buildWebIfNeeded() {
  const built = path.join(root, 'apps/web/dist/index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourceAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (builtAt >= sourceAt) return false;
  console.log('Building the web app...');
  // Under vitest NODE_ENV is 'test', which would make Vite build React's development bundle.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', '@fenestra/web'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error('The web app did not build.');
    process.exit(result.status ?? 1);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfNeeded();
