// Compiles the server (and the shared contracts it imports) to JavaScript: apps/server/dist/main.js and worker.js.
// Production runs these with plain node (decision 012); npm run dev and the tests run the TypeScript sources.
// Packages from node_modules stay imports; only our own code (apps/server/src, packages/shared) is bundled.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { newest } from './build-web-if-needed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'apps/server/dist');
const entries = ['main', 'worker'];
const sources = [
  'apps/server/src',
  'packages/shared/src',
  'apps/server/package.json',
  'packages/shared/package.json',
  'package-lock.json',
];

/** Builds when an output is missing or older than any source (or always, forced); returns whether it built. */
export async function buildServerIfNeeded({ force = false } = {}) {
  const builtAt = Math.min(
    ...entries.map((e) => {
      const file = path.join(outdir, `${e}.js`);
      return existsSync(file) ? statSync(file).mtimeMs : 0;
    }),
  );
  const sourceAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (!force && builtAt >= sourceAt) return false;
  console.log('Building the server...');
  await build({
    entryPoints: entries.map((e) => path.join(root, `apps/server/src/${e}.ts`)),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    keepNames: true,
    logLevel: 'warning',
    // One folder below apps/server, as src/paths.ts is: the paths it computes hold for both.
    plugins: [
      {
        name: 'node-modules-stay-imports',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@fenestra/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerIfNeeded({ force: true });
