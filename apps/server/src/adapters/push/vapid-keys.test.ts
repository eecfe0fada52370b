import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { vapidKeys } from './vapid-keys.js';

describe('VAPID keys', () => {
  it('are made on first start into DATA_DIR, owner-only, and the same on the next start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-vapid-'));
    try {
      const config = { dataDir, publicUrl: 'https://forum.example.com' };
      const first = vapidKeys(config, {});
      expect(first.publicKey).toMatch(/^[\w-]{87}$/);
      expect(first.subject).toBe('https://forum.example.com');
      expect(statSync(path.join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
      expect(vapidKeys(config, {})).toEqual(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('come from the environment when set, the same on every instance, with its subject', () => {
    const made = webpush.generateVAPIDKeys();
    const dataDir = path.join(tmpdir(), 'fenestra-vapid-never-written');
    const keys = vapidKeys(
      { dataDir, publicUrl: 'http://localhost:3000' },
      { ...made, subject: 'mailto:ops@example.com' },
    );
    expect(keys).toEqual({ ...made, subject: 'mailto:ops@example.com' });
    expect(() => statSync(dataDir)).toThrow();
  });
});
