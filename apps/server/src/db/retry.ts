/** deadlock_detected and serialization_failure: PostgreSQL rolled the transaction back, and running it again is safe. */
const RETRYABLE = new Set(['40P01', '40001']);

/** How many times a transaction is run at most before its error is the answer. */
export const TRANSACTION_ATTEMPTS = 5;

/** Whether PostgreSQL ended the transaction because it raced another one (drizzle wraps the driver's error in `cause`). */
export function isRaceLost(e: unknown): boolean {
  for (let err = e, depth = 0; err && depth < 4; err = (err as { cause?: unknown }).cause, depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

/**
 * Runs a transaction again when PostgreSQL ended it as the loser of a race (a deadlock, a serialization failure):
 * its work was rolled back whole, so running it again is what the client asked for. The retries wait a little,
 * at random, so the racers do not meet again in step. `connect()` makes this every database's `transaction`, so
 * every write that can race goes through it; a nested transaction (a savepoint) is retried with its outer one.
 */
export async function retryLostRaces<T>(run: () => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= attempts || !isRaceLost(e)) throw e;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
    }
  }
}
