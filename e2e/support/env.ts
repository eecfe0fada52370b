import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The browser suite's server keeps its database, uploads and outbox here (wiped at each start). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `fenestra-e2e-${E2E_PORT}`);
/** A loopback site for link previews, allow-listed (LINK_PREVIEW_ALLOW) on the suite's server. */
export const E2E_LINK_PAGES_PORT = Number(process.env.E2E_LINK_PAGES_PORT ?? E2E_PORT + 1000);
/** A push service for tests (web-push-testing), allow-listed (PUSH_ENDPOINT_ALLOW) on the suite's server. */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? E2E_PORT + 2010);
