import { sql } from 'drizzle-orm';
import type { ForumEventField, ForumEventType } from '@fenestra/shared';
import type { Db, Tx } from '../db/client.js';

/** The channel every instance LISTENs on; triggers (migration 0007) and the code below NOTIFY it. */
export const EVENTS_CHANNEL = 'fenestra_events';

/**
 * A forum event as it travels between instances: its type and ids (its payload's fields: FORUM_EVENTS in
 * packages/shared says what each type means), plus who it is for. `to` names the member a private event is meant
 * for; `sessionId` the one session that ended.
 */
export type ForumBusEvent = { type: ForumEventType; to?: string; sessionId?: string } & {
  [F in ForumEventField]?: string;
};

/**
 * What travels on the bus: forum events, and `stream.watch`, which passes a tab's watched posts (and the `since` of
 * a page drawn by the server) to the instance that holds its stream.
 */
export type BusEvent = ForumBusEvent | { type: 'stream.watch'; streamId: string; postIds: string[]; since?: string };

/** The member a forum event names: the one it is for (`to`), else the one it is about (`userId`). */
export const namedMember = (event: ForumBusEvent): string | undefined => event.to ?? event.userId;

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
