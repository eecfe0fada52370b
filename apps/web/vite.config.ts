import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { transformSync } from 'esbuild';
import { LIMITS } from '../../packages/shared/src/limits.js';

/**
 * The production CSP allows styles only from our own files, so the two libraries that inject <style>
 * tags at run time (sonner, and react-style-singleton under Radix's scroll lock) are told not to:
 * their CSS ships in our stylesheet instead (src/index.css).
 */
function noInjectedStyleTags(): Plugin {
  const patches: { file: RegExp; from: string; to: string }[] = [
    {
      file: /sonner\/dist\/index\.m?js$/,
      from: 'function __insertCSS(code) {',
      to: 'function __insertCSS(code) { return;',
    },
    {
      file: /react-style-singleton\/dist\/es20\d\d\/singleton\.js$/,
      from: 'function makeStyleTag() {',
      to: 'function makeStyleTag() { return null;',
    },
  ];
  return {
    name: 'fenestra:no-injected-style-tags',
    apply: 'build',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      const patch = patches.find((p) => p.file.test(path));
      if (!patch) return null;
      if (!code.includes(patch.from)) this.error(`${path} changed: cannot disable its style injection`);
      return { code: code.replace(patch.from, patch.to), map: null };
    },
  };
}

/**
 * Every text file of the build gets a .br (quality 11) and a .gz (level 9) beside it, compressed once here;
 * the server sends the one the browser accepts (@fastify/static preCompressed) and never compresses them per request.
 */
function precompress(): Plugin {
  const text = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml|map)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  let outDir = '';
  return {
    name: 'fenestra:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The server-rendering bundle is not served.
      if (config.build.ssr) outDir = '';
    },
    closeBundle() {
      if (!outDir) return;
      for (const file of walk(outDir).filter((f) => text.test(f))) {
        const body = readFileSync(file);
        // Below one packet, compression saves nothing worth a second file.
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * public/boot.js runs before the first paint of every page (index.html): the build writes it minified (its comments
 * were two thirds of its gzip bytes, counted in the first load). The development server serves it as written.
 */
function minifiedBootScript(): Plugin {
  let publicDir = '';
  return {
    name: 'fenestra:minified-boot-script',
    apply: 'build',
    configResolved(config) {
      publicDir = config.build.ssr ? '' : config.publicDir;
    },
    generateBundle() {
      if (!publicDir) return;
      const source = readFileSync(path.join(publicDir, 'boot.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'boot.js',
        source: transformSync(source, { minify: true, target: 'es2019' }).code,
      });
    },
  };
}

/**
 * The service worker (service-worker/sw.js, docs/decisions/036), written to /sw.js with this build's id and the files it
 * keeps at install: the shell (index.html, the offline page, boot.js, the manifest, icons), the first load, and the
 * code of the pages readable offline (a post, the bookmarks). A new build is a new sw.js, so browsers take it at their
 * next check; its cache is named by the id, and the old one is dropped when it takes over.
 */
function serviceWorker(): Plugin {
  let ssr = false;
  // The bookmarks page's route is in the table of app/rest-routes.tsx: that table is kept too.
  const offlinePages = /\/src\/app\/(?:routes\/(?:post|bookmarks)|rest-routes)\.tsx$/;
  const shell = [
    '/index.html',
    '/offline.html',
    '/boot.js',
    '/favicon.svg',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
    '/icons/maskable-192.png',
  ];
  return {
    name: 'fenestra:service-worker',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        if (chunk.type !== 'chunk') return;
        chunk.imports.forEach(add);
        chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && (chunk.isEntry || offlinePages.test(chunk.facadeModuleId ?? '')))
          add(chunk.fileName);
      }
      const precache = [...shell, ...[...files].sort().map((file) => `/${file}`)];
      const template = readFileSync(new URL('./service-worker/sw.js', import.meta.url), 'utf8');
      const version = createHash('sha256').update(template).update(precache.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: transformSync(`const BUILD = ${JSON.stringify({ version, precache })};\n${template}`, {
          minify: true,
          target: 'es2020',
        }).code,
      });
    },
  };
}

/**
 * A text of msg.ts that names a limit (`Title must be at least ${L.title.min} characters`) is not a constant to the
 * bundler, so it was not written where it is read (optimization.inlineConst): it stayed in msg.ts, which is in the first
 * load, with every such text any lazy page uses. Worked out here from LIMITS, it is a plain string like the others
 * (-1.4 KB gzip of the first load).
 */
function messageTextsAsConstants(): Plugin {
  const limits = { L: LIMITS, MB: 1024 * 1024 };
  return {
    name: 'fenestra:message-texts-as-constants',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/shared\/src\/msg\.ts$/.test(id.split('?')[0] ?? id)) return null;
      if (!/^const MB = 1024 \* 1024;$/m.test(code)) this.error('msg.ts changed: MB is no longer 1024 * 1024');
      const out = code.replace(/^(export const \w+ = )(`[^`]*`);$/gm, (line, head: string, text: string) => {
        // Only limits and MB: a text built from anything else stays as written.
        const names = [...text.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]!);
        if (!names.every((expression) => /^(?:L(?:\.\w+)+|[\s/*\d]|MB)+$/.test(expression))) return line;
        const value = new Function('L', 'MB', `return ${text};`)(limits.L, limits.MB) as string;
        return `${head}${JSON.stringify(value)};`;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * `LIMITS.title.max` is a property read to the bundler, so every module that reads one kept the whole LIMITS object
 * (every number of SPEC, the trust levels' too) in the first load, where limits.ts is for its topics. Written here as
 * the value it reads (an object as its literal: LIMITS is read-only, `as const`), no module reads LIMITS any more and
 * the bundler drops it (docs/decisions/013).
 */
function limitsAsConstants(): Plugin {
  const source = /\/(?:apps\/web\/src|packages\/shared\/src)\/.*\.tsx?$/;
  return {
    name: 'fenestra:limits-as-constants',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!source.test(file) || /\/packages\/shared\/src\/limits\.ts$/.test(file)) return null;
      // The names LIMITS goes by in this module: `import { LIMITS }` or `import { LIMITS as L }`.
      const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'][^"']+["']/g)].flatMap(([, specifiers]) =>
        specifiers!
          .split(',')
          .map((s) => /^\s*LIMITS(?:\s+as\s+([\w$]+))?\s*$/.exec(s))
          .filter((m) => m !== null)
          .map((m) => m[1] ?? 'LIMITS'),
      );
      if (!names.length) return null;
      const read = new RegExp(`(?<![\\w$.])(?:${names.join('|')})((?:\\.[A-Za-z_$][\\w$]*)+)`, 'g');
      const out = code.replace(read, (whole, path: string) => {
        // Down the path while the value is LIMITS' own; what follows (a method of a number, say) stays as written.
        let value: unknown = LIMITS;
        let used = 0;
        const keys = path.slice(1).split('.');
        for (const key of keys) {
          if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) break;
          value = (value as Record<string, unknown>)[key];
          used++;
        }
        if (!used) this.error(`${file}: ${whole} is not in LIMITS`);
        const rest = keys
          .slice(used)
          .map((k) => `.${k}`)
          .join('');
        return `(${JSON.stringify(value)})${rest}`;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * `import { Sun } from 'lucide-react'` becomes `import Sun from 'lucide-react/dist/esm/icons/sun.mjs'`: through the
 * package's index every icon any page uses looked imported by the first load (firstLoadInOneChunk follows
 * importers), so the home page shipped the admin pages' icons. Imported from its own file, an icon is in the first
 * load only when a first-load module uses it.
 */
function lucideIconsByFile(): Plugin {
  const icons = new Map<string, string>();
  return {
    name: 'fenestra:lucide-icons-by-file',
    apply: 'build',
    buildStart() {
      // The CommonJS entry's folder is dist/cjs; the ES modules are in dist/esm.
      const cjs = createRequire(import.meta.url).resolve('lucide-react');
      const index = readFileSync(path.join(path.dirname(cjs), '../esm/lucide-react.mjs'), 'utf8');
      for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
        for (const [, name] of names!.matchAll(/default as (\w+)/g)) icons.set(name!, file!);
      }
      if (icons.size < 1000) this.error('lucide-react changed: cannot map its icons to their files');
    },
    transform(code, id) {
      if (!/\/apps\/web\/src\/.*\.tsx?$/.test(id.split('?')[0] ?? id) || !code.includes('lucide-react')) return null;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g, (_, specifiers: string) =>
        specifiers
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => {
            const [name, local = name] = s.split(/\s+as\s+/) as [string, string?];
            const file = icons.get(name);
            if (!file) this.error(`${id}: ${name} is not a lucide-react icon`);
            return `import ${local} from "lucide-react/dist/esm/icons/${file}.mjs";`;
          })
          .join('\n'),
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * lucide-react draws every icon through a general component (its context, class and attribute builders: ~1.2 KB gzip
 * of the first load with each icon's React keys). In the build each icon module (`__iconData`, then
 * `createLucideIcon(__iconData)`) gets src/components/ui/lucide-icon.tsx's instead: the same <svg> for the props the
 * app passes (className, aria-*), keyed by position. Development and the component tests keep lucide's own.
 */
function lucideIconsDrawnHere(): Plugin {
  const icon = /\/lucide-react\/dist\/esm\/icons\/[\w-]+\.mjs$/;
  const ours = fileURLToPath(new URL('./src/components/ui/lucide-icon.tsx', import.meta.url));
  return {
    name: 'fenestra:lucide-icons-drawn-here',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!icon.test(file)) return null;
      const from = "import createLucideIcon from '../createLucideIcon.mjs';";
      if (!code.includes(from) || !/createLucideIcon\(__iconData\)/.test(code))
        this.error(`${file} changed: cannot draw it with lucide-icon.tsx`);
      const out = code
        .replace(from, `import { lucideIcon as createLucideIcon } from ${JSON.stringify(ours)};`)
        .replace(/, key: "[^"]*"/g, '');
      return { code: out, map: null };
    },
  };
}

/**
 * React Router's build keeps every component it defines, used or not: `Link.displayName = "Link"` and
 * `React.forwardRef(...)`/`createContext(...)` at the top level count as side effects. Without the names (read by
 * React's development tools only) and with the calls marked pure, the bundle drops what the app never renders
 * (Form, ScrollRestoration, the data router's parts): -1.4 KB gzip of the first load.
 */
function treeShakableReactRouter(): Plugin {
  return {
    name: 'fenestra:tree-shakable-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/\/react-router\/dist\/[^/]+\/chunk-[\w-]+\.mjs$/.test(id.split('?')[0] ?? id)) return null;
      let changed = 0;
      const out = code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, () => (changed++, ''))
        .replace(
          /= (React\d*\.(?:forwardRef|createContext|memo))\(/g,
          (_, call: string) => (changed++, `= /* @__PURE__ */ ${call}(`),
        );
      return changed ? { code: out, map: null } : null;
    },
  };
}

/**
 * Everything the entry imports statically goes in one chunk: one request, and one gzip stream compresses ~5 KB
 * better than the dozen small chunks shared with lazy pages would (docs/decisions/013). What only lazy pages
 * use is chunked as usual.
 */
function firstLoadInOneChunk() {
  const entry = /\/src\/main\.tsx$/;
  // The shared package's index re-exports every module: reaching a module through it says nothing about use. Nor
  // through TanStack Query's: its mutation hooks came into the first load with useQuery (-0.4 KB, docs/decisions/017).
  const barrel = /\/packages\/shared\/src\/index\.ts$|\/@tanstack\/react-query\/build\/modern\/index\.js$/;
  const memo = new Map<string, boolean>();
  type Info = { importers: readonly string[] } | null;
  return (id: string, { getModuleInfo }: { getModuleInfo: (id: string) => Info }): string | undefined => {
    const inFirstLoad = (moduleId: string, path: Set<string>): boolean => {
      const known = memo.get(moduleId);
      if (known !== undefined) return known;
      if (entry.test(moduleId)) return true;
      if (barrel.test(moduleId) || path.has(moduleId)) return false;
      path.add(moduleId);
      const result = (getModuleInfo(moduleId)?.importers ?? []).some((importer) => inFirstLoad(importer, path));
      path.delete(moduleId);
      memo.set(moduleId, result);
      return result;
    };
    return !entry.test(id) && inFirstLoad(id, new Set()) ? 'app' : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    noInjectedStyleTags(),
    lucideIconsByFile(),
    lucideIconsDrawnHere(),
    treeShakableReactRouter(),
    messageTextsAsConstants(),
    limitsAsConstants(),
    minifiedBootScript(),
    serviceWorker(),
    precompress(),
  ],
  // The server renderer (src/entry-server.tsx): the shared package is TypeScript, so it is bundled in.
  ssr: { noExternal: ['@fenestra/shared'] },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:3000',
        changeOrigin: false,
        // The API refuses state-changing requests from any origin but its PUBLIC_URL (default
        // http://localhost:3000): in development the page's origin is Vite's, so present the API's own.
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq) => {
            if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', 'http://localhost:3000');
          });
        },
      },
      // Uploaded photos and videos are served by the API too.
      '/media': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // public/ is the browser's; the server renderer's folder gets none of it.
    copyPublicDir: !isSsrBuild,
    // The server reads which files a lazy page needs, to preload them with its HTML (plugins/spa.ts).
    manifest: true,
    // Every browser the forum supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { manualChunks: firstLoadInOneChunk() },
      // Constants (every text of MSG, the limits) are written where they are read, so a chunk keeps only the
      // texts it shows: msg.ts is one module, and a module goes whole into one chunk (the first load's).
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Upper bounds, not waits: a loaded 2-core CI machine renders jsdom pages slowly.
    testTimeout: 20_000,
  },
}));
