import { eq } from 'drizzle-orm';
import { MSG } from '@fenestra/shared';
import type { Db } from '../db/client.js';
import { profiles } from '../db/schema/index.js';
import { AppError } from './errors.js';
import type { MemberRow } from './member.js';

/** A ban still in force, or null; a timed ban that has run out is lifted here. */
export async function activeBan(db: Db, member: MemberRow): Promise<{ reason: string; until: Date | null } | null> {
  if (member.status !== 'banned') return null;
  if (member.banUntil && member.banUntil.getTime() <= Date.now()) {
    await db.update(profiles).set({ status: 'active', banReason: null, banUntil: null }).where(eq(profiles.id, member.id));
    return null;
  }
  return { reason: member.banReason ?? MSG.noBanReason, until: member.banUntil };
}

export const bannedError = (ban: { reason: string; until: Date | null }) =>
  new AppError(403, 'BANNED', MSG.bannedSignIn(ban.reason, ban.until ? ban.until.toISOString().slice(0, 10) : null));
