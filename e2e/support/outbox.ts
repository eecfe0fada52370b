import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './env';

/** The newest email written to the test server's outbox for an address (the worker sends it within seconds). */
export async function latestEmailTo(address: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return '';
        const safe = address.replace(/[^a-z0-9@._-]/gi, '_');
        const files = readdirSync(dir)
          .filter((f) => f.endsWith(`${safe}.eml`))
          .sort();
        found = files.length ? readFileSync(path.join(dir, files[files.length - 1]!), 'utf8') : '';
        return found;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  // Quoted-printable soft line breaks and '=3D' would break the link.
  return found.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}
