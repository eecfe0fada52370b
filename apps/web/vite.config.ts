import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';

/**
 * The production CSP allows styles only from our own files, so the two libraries that inject <style>
 * tags at run time (sonner, and react-style-singleton under Radix's scroll lock) are told not to:
 * their CSS ships in our stylesheet instead (src/index.css).
 */
function noInjectedStyleTags(): Plugin {
  const patches: { file: RegExp; from: string; to: string }[] = [
    { file: /sonner\/dist\/index\.m?js$/, from: 'function __insertCSS(code) {', to: 'function __insertCSS(code) { return;' },
    { file: /react-style-singleton\/dist\/es20\d\d\/singleton\.js$/, from: 'function makeStyleTag() {', to: 'function makeStyleTag() { return null;' },
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
        writeFileSync(`${file}.br`, brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }));
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
      this.emitFile({ type: 'asset', fileName: 'boot.js', source: transformSync(source, { minify: true, target: 'es2019' }).code });
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
        specifiers.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
          const [name, local = name] = s.split(/\s+as\s+/) as [string, string?];
          const file = icons.get(name);
          if (!file) this.error(`${id}: ${name} is not a lucide-react icon`);
          return `import ${local} from "lucide-react/dist/esm/icons/${file}.mjs";`;
        }).join('\n'));
      return out === code ? null : { code: out, map: null };
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
        .replace(/= (React\d*\.(?:forwardRef|createContext|memo))\(/g, (_, call: string) => (changed++, `= /* @__PURE__ */ ${call}(`));
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
  plugins: [react(), tailwindcss(), noInjectedStyleTags(), lucideIconsByFile(), treeShakableReactRouter(), minifiedBootScript(), precompress()],
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
