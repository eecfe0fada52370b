import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestApp, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { insertPost, sqlQuery } from './post-fixtures.js';
import { sendDigests } from '../src/modules/notifications/digest.js';
import type { Mailer } from '../src/adapters/mail/mailer.js';

/** The digest queues its emails ('send-email'): a run made here needs no mailer of its own. */
const NO_MAILER: Mailer = { kind: 'outbox', send: () => Promise.reject(new Error('the digest queues its emails')) };

// The hourly digest run reads members a page at a time (keyset on the id), so a large forum never has the whole
// member list in memory: members on every page get their digest, once a period.

describe('digest run over many members', () => {
  let t: TestApp;
  const clock = new Date();

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reaches the members past the first page, once a period, and skips those who chose none', async () => {
    const members = await Promise.all(Array.from({ length: 7 }, () => insertMember(t)));
    const [off, ...daily] = members;
    await sqlQuery(t, "UPDATE profiles SET digest = 'daily' WHERE id = ANY($1::text[])", [daily.map((m) => m.me.id)]);
    await sqlQuery(t, "UPDATE profiles SET digest = 'off' WHERE id = $1", [off!.me.id]);
    await insertPost(t, { title: 'Sliding door roller grinds', topic: 'doors' });
    const run = () =>
      sendDigests(
        {
          db: t.app.services.database.db,
          mailer: NO_MAILER,
          publicUrl: ORIGIN,
          secret: 's',
          now: () => clock,
          siteName: async () => 'Fenestra',
        },
        { batch: 2 },
      );
    // Seven members in pages of two: four pages, the last one short.
    expect(await run()).toEqual({ sent: 6 });
    const queued = await sqlQuery<{ to: string }>(
      t,
      "SELECT data->>'to' AS to FROM pgboss.job WHERE name = 'send-email' AND data->>'subject' = 'Your daily Fenestra digest'",
    );
    expect(queued.rows.map((r) => r.to).sort()).toEqual(daily.map((m) => m.email).sort());
    // The same period again: every page is read, nothing more is sent.
    expect(await run()).toEqual({ sent: 0 });
  });
});
