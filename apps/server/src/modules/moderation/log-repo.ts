import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ModerationAction } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { exactTime } from '../../lib/cursor.js';
import { moderationLog } from '../../db/schema/index.js';

export type LogRow = typeof moderationLog.$inferInsert & { action: ModerationAction };

/**
 * One row per staff action, with a snapshot of its target, so it outlives the post or member. The log's one
 * writer: every module that records an action calls this (through moderation/service.ts).
 */
export async function writeLog(tx: Db | Tx, row: LogRow): Promise<void> {
  await tx.insert(moderationLog).values(row);
}

export interface LogFilters {
  action: ModerationAction | null;
  actor: string;
  from: string | null;
  to: string | null;
}

/** Log rows newest first, filtered, after a keyset position (time, id). */
export async function selectLog(db: Db, f: LogFilters, after: { c: string; i: string } | null, limit: number) {
  const where: (SQL | undefined)[] = [
    f.action ? eq(moderationLog.action, f.action) : undefined,
    f.actor ? sql`lower(${moderationLog.actorUsername}) = lower(${f.actor})` : undefined,
    // Dates are whole UTC days, both ends included.
    f.from ? sql`${moderationLog.createdAt} >= ${f.from}::date` : undefined,
    f.to ? sql`${moderationLog.createdAt} < ${f.to}::date + 1` : undefined,
    after
      ? sql`(${moderationLog.createdAt}, ${moderationLog.id}) < (${after.c}::timestamptz, ${after.i}::uuid)`
      : undefined,
  ];
  return db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      actorId: moderationLog.actorId,
      actorUsername: moderationLog.actorUsername,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      targetLabel: moderationLog.targetLabel,
      reason: moderationLog.reason,
      createdAt: moderationLog.createdAt,
      createdKey: exactTime(moderationLog.createdAt),
    })
    .from(moderationLog)
    .where(and(...where))
    .orderBy(sql`${moderationLog.createdAt} desc`, sql`${moderationLog.id} desc`)
    .limit(limit);
}
