import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the server finds what is not TypeScript. This file sits in apps/server/src; compiled, its code is in
// apps/server/dist/main.js (or worker.js): one folder below apps/server either way, so '..' is the server's folder.
// Migrations and seed media stay beside the sources and are read from there in both cases (decision 012).

/** apps/server */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** The SQL migrations drizzle-kit writes (apps/server/src/db/migrations). */
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/** The demo seed's videos and posters. */
export const seedVideosFolder = path.join(serverRoot, 'src/ops/seed/videos');

/** The web app's build (apps/web/dist), unless WEB_DIST says otherwise. */
export const defaultWebDist = path.resolve(serverRoot, '../web/dist');

/** The sentence model's thread: plain JavaScript, run from beside the sources in both cases. */
export const embeddingWorkerFile = path.join(serverRoot, 'src/adapters/ai/embedding-worker.mjs');
