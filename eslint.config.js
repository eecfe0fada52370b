import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url));
const serverSrc = readdirSync(new URL('./apps/server/src', import.meta.url));
// The server's floors up to the modules, bottom up, each with what it may import: every arrow between them runs down.
const SERVER_FLOORS = {
  config: ['paths.ts'],
  db: ['config', 'paths.ts'],
  lib: ['db', 'config'],
  adapters: ['lib', 'db', 'config', 'paths.ts'],
  realtime: ['db', 'lib', 'config'],
  cache: ['realtime', 'adapters', 'lib', 'db', 'config'],
  // Above the ground: modules never import the job queue, plugins or the app that composes them.
  modules: ['cache', 'realtime', 'adapters', 'lib', 'db', 'config', 'paths.ts'],
};
// A module reaches another only through its service.ts (routes, repos and internals stay its own; app/ and jobs
// compose them). Below the modules each ground floor imports only the floors under it (decision 026).
const serverZones = [
  { target: './apps/server', from: './apps/web', message: 'The server cannot import web code.' },
  ...serverModules.map((m) => ({
    target: `./apps/server/src/modules/${m}`,
    from: './apps/server/src/modules',
    except: [`./${m}`, ...serverModules.map((o) => `./${o}/service.ts`)],
    message:
      'A module uses another only through its service.ts, never its repo; move what they share to lib, db or adapters.',
  })),
];
const floorZones = Object.entries(SERVER_FLOORS).map(([floor, below]) => ({
  target: `./apps/server/src/${floor}`,
  from: serverSrc.filter((entry) => entry !== floor && !below.includes(entry)).map((e) => `./apps/server/src/${e}`),
  message: `${floor}/ imports only the floors under it: ${below.join(', ')} (decision 026).`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
    },
  },
  { files: ['apps/web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['apps/web/service-worker/**/*.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser never imports server code, and features never import each other: routes compose them.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'The web app cannot import server code.' },
            ...readdirSync(new URL('./apps/web/src/features', import.meta.url)).map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'Features do not import each other; compose them in a route.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import from the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    // A test may reach across floors to check what it tests (realtime's event table against the cache's tags).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...floorZones] }] },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: './apps', message: 'Shared contracts depend on nothing of the apps.' },
          ],
        },
      ],
    },
  },
);
