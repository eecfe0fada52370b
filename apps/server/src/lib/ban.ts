import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@fenestra/shared';
import type { Db } from '../db/client.js';
import { moderationLog, profiles } from '../db/schema/index.js';
import { AppError } from './errors.js';
import type { MemberRow } from './member.js';

/** A ban still in force, or null; a timed ban that has run out is lifted here. */
export async function activeBan(db: Db, member: MemberRow): Promise<{ reason: string; until: Date | null } | null> {
  if (member.status !== 'banned') return null;
  if (member.banUntil && member.banUntil.getTime() <= Date.now()) {
    await liftExpiredBans(db, new Date(), member.id);
    return null;
  }
  return { reason: member.banReason ?? MSG.noBanReason, until: member.banUntil };
}

export const bannedError = (ban: { reason: string; until: Date | null }) =>
  new AppError(403, 'BANNED', MSG.bannedSignIn(ban.reason, ban.until ? ban.until.toISOString().slice(0, 10) : null));

/** Lifts every timed ban that has ended by `now`, logging each as ban_expired; returns the members lifted. */
export async function liftExpiredBans(db: Db, now: Date, onlyUserId?: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const lifted = await tx
      .update(profiles)
      .set({ status: 'active', banReason: null, banUntil: null })
      .where(
        and(
          eq(profiles.status, 'banned'),
          sql`${profiles.banUntil} <= ${now.toISOString()}::timestamptz`,
          onlyUserId ? eq(profiles.id, onlyUserId) : undefined,
        ),
      )
      .returning({ id: profiles.id, username: profiles.username });
    if (lifted.length) {
      await tx.insert(moderationLog).values(
        lifted.map((m) => ({
          actorId: null,
          actorUsername: null,
          action: 'ban_expired',
          targetType: 'user',
          targetId: m.id,
          targetLabel: m.username,
        })),
      );
    }
    return lifted.map((m) => m.id);
  });
}
