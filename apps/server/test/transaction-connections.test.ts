import { describe, it, expect, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect, type Database } from '../src/db/client.js';
import { freshDatabase } from './helpers.js';

// A transaction whose BEGIN fails (the database server gone between the checkout and BEGIN: a kill under load) gives
// its connection back: a connection kept for good made the pool's end() wait for ever, so a shutdown never ended.
// drizzle-orm 0.45.4's own pool transaction sends BEGIN outside its try; db/client.ts checks the connection out itself.
describe('a transaction whose BEGIN fails', () => {
  let database: Database | null = null;
  afterAll(async () => {
    await database?.close();
  });

  it('gives its connection back, the next transaction gets it, and the pool ends', async () => {
    database = connect(await freshDatabase(), { max: 1 });
    const { db, pool } = database;
    let broken = false;
    // The first connection lent is closed before its BEGIN is sent, as a server that died would leave it.
    pool.on('acquire', (client) => {
      if (broken) return;
      broken = true;
      void client.end();
    });
    await expect(db.transaction(async (tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow(/Failed query: begin/);
    expect(pool.totalCount - pool.idleCount).toBe(0);

    // The pool's one connection is there for the next transaction (a leaked one would leave it waiting).
    const rows = await db.transaction(async (tx) => (await tx.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows);
    expect(rows).toEqual([{ one: 1 }]);
    await database.close();
    database = null;
  });
});
