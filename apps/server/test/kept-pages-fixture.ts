import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from '../../../scripts/build-web-if-needed.mjs';
import { createTestApp, freshDatabase, type TestApp } from './helpers.js';

// Two instances of the app on one database, each with its own memory, drawing pages with the real web build: what
// the page store (decision 039) and the page drawer (decision 046) keep is shared through the database alone.
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const READ_AT = /<template id="fenestra-read-at" data-read-at="([^"]*)"><\/template>\n {2}/;

/** The page without the time its data was read (the one part that differs between two sends of one page). */
export const content = (html: string) => html.replace(READ_AT, '');
/** The time a page says its data was read. */
export const readAt = (html: string) => READ_AT.exec(html)?.[1];

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  /** Every event committed so far has reached both instances, and their deletes are done. */
  caughtUp(): Promise<void>;
  /** Each instance's memory forgets its pages (as after 10 s, or a restart): only the database is left. */
  forget(): void;
  close(): Promise<void>;
}

export async function twoInstancesDrawingPages(): Promise<TwoInstances> {
  buildWebIfNeeded();
  const databaseUrl = await freshDatabase();
  const a = await createTestApp({ DATABASE_URL: databaseUrl, WEB_DIST: webDist });
  const b = await createTestApp({ DATABASE_URL: databaseUrl, WEB_DIST: webDist });
  return {
    a,
    b,
    async caughtUp() {
      for (const t of [a, b]) {
        await t.app.services.events.listener.sync();
        await t.app.services.pageStore.settled();
      }
    },
    forget() {
      a.app.services.publicCache.clear();
      b.app.services.publicCache.clear();
    },
    close: async () => void (await Promise.all([a.close(), b.close()])),
  };
}
