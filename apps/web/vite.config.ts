import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), noInjectedStyleTags()],
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
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Upper bounds, not waits: a loaded 2-core CI machine renders jsdom pages slowly.
    testTimeout: 20_000,
  },
});
