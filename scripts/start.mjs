// npm start / npm run worker: build what is missing or stale (the web app, the compiled server), then run the
// compiled JavaScript (decision 012). The server migrates and seeds at start.
import { buildWebIfNeeded } from './build-web-if-needed.mjs';
import { buildServerIfNeeded } from './build-server.mjs';

const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
if (entry === 'main') buildWebIfNeeded();
await buildServerIfNeeded();
process.setSourceMapsEnabled(true);
await import(`../apps/server/dist/${entry}.js`);
