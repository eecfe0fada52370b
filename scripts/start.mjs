// npm start: build the web app if needed, then run the server (it migrates and seeds at start).
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';

buildWebIfNeeded();
register();
await import('../apps/server/src/main.ts');
