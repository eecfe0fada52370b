import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'screenshots/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({
        project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.json'],
        noWarnOnMultipleProjects: true,
      })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
    },
  },
  { files: ['apps/web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser never imports server code, and features never import each other: routes compose them.
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './apps/web', from: './apps/server', message: 'The web app cannot import server code.' },
          ...readdirSync(new URL('./apps/web/src/features', import.meta.url)).map((f) => ({
            target: `./apps/web/src/features/${f}`,
            from: './apps/web/src/features',
            except: [`./${f}`],
            message: 'Features do not import each other; compose them in a route.',
          })),
          { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import from the app layer.' },
        ],
      }],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      // A module reaches another only through its service.ts or repo.ts (routes and internals stay its own;
      // app.ts and jobs compose them); what every module needs lives below them in lib, db and adapters,
      // which import no module, plugin or job.
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './apps/server', from: './apps/web', message: 'The server cannot import web code.' },
          ...serverModules.map((m) => ({
            target: `./apps/server/src/modules/${m}`,
            from: './apps/server/src/modules',
            except: [`./${m}`, ...serverModules.flatMap((o) => [`./${o}/service.ts`, `./${o}/repo.ts`])],
            message: 'A module uses another only through its service.ts or repo.ts; move what they share to lib, db or adapters.',
          })),
          ...['lib', 'db', 'adapters', 'config', 'cache'].map((layer) => ({
            target: `./apps/server/src/${layer}`,
            from: ['./apps/server/src/modules', './apps/server/src/plugins', './apps/server/src/jobs', './apps/server/src/app.ts'],
            message: 'lib, db, adapters and config sit below the modules: they import no module, plugin or job.',
          })),
        ],
      }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [{ target: './packages/shared', from: './apps', message: 'Shared contracts depend on nothing of the apps.' }] }],
    },
  },
);
