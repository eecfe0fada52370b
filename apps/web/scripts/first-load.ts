import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What the home page's HTML makes the browser fetch before it runs: scripts, preloaded modules, stylesheets. */
export interface FirstLoad {
  files: { file: string; gzip: number }[];
  /** Bytes after gzip (level 9, as the build precompresses), JavaScript and CSS together. */
  total: number;
}

const gzipSize = (file: string) =>
  (existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(readFileSync(file), { level: 9 })).length;

/** The JavaScript and CSS of the built index.html and every module those import statically, gzip-sized. */
export function firstLoad(dist: string, html = readFileSync(path.join(dist, 'index.html'), 'utf8')): FirstLoad {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/[^"]+\.(?:m?js|css))"/g)].map(
    (m) => m[1]!,
  );
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    if (!url.endsWith('.js')) continue;
    const code = readFileSync(path.join(dist, url), 'utf8');
    // Static imports only (`import{...}from"./x.js"`, `import"./x.js"`); import("./x.js") loads later, when used.
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]!));
    }
  }
  const files = [...seen].map((file) => ({ file, gzip: gzipSize(path.join(dist, file)) }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}
