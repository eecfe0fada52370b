import { sql } from 'drizzle-orm';
import type { ForumEventType } from '@fenestra/shared';
import type { Db, Tx } from '../db/client.js';

/** The channel every instance LISTENs on; triggers (migration 0006) and the code below NOTIFY it. */
export const EVENTS_CHANNEL = 'fenestra_events';

/**
 * An event as it travels between instances: the forum event's type and ids, plus who it is for.
 * `to` names the member a private event is meant for; `sessionId` the one session that ended.
 * `stream.watch` passes a tab's watched posts (and the `since` of a page drawn by the server) to the instance
 * that holds its stream.
 */
export type BusEvent =
  | { type: ForumEventType; postId?: string; replyId?: string; userId?: string; to?: string; sessionId?: string }
  | { type: 'stream.watch'; streamId: string; postIds: string[]; since?: string };

/** Announces an event when (and only if) the caller's transaction commits. */
export async function publishEvent(tx: Db | Tx, event: BusEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

export function parseBusEvent(payload: string | undefined): BusEvent | null {
  if (!payload) return null;
  try {
    const event = JSON.parse(payload) as BusEvent;
    return typeof event?.type === 'string' ? event : null;
  } catch {
    return null;
  }
}
