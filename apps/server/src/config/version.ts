import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../paths.js';

const repoRoot = path.resolve(serverRoot, '../..');

/** The commit the checkout is at (read from .git, no git needed), or null outside a checkout. */
function gitCommit(): string | null {
  try {
    const gitDir = path.join(repoRoot, '.git');
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 12);
    const ref = head.slice(5);
    const loose = path.join(gitDir, ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim().slice(0, 12);
    const packed = readFileSync(path.join(gitDir, 'packed-refs'), 'utf8')
      .split('\n')
      .find((line) => line.endsWith(` ${ref}`));
    return packed ? packed.slice(0, 12) : null;
  } catch {
    return null;
  }
}

let known: { version: string; build: string } | null = null;

/** The running release (package.json's version) and build (FENESTRA_BUILD, else the checkout's commit). */
export function runningVersion(): { version: string; build: string } {
  if (known) return known;
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  known = { version: pkg.version, build: process.env.FENESTRA_BUILD || gitCommit() || 'unknown' };
  return known;
}
