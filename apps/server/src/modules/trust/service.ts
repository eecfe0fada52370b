import { DEFAULT_TRUST_RULES, TRUST_LEVEL_LABELS, type TrustLevel, type TrustRules } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { MemberRow } from '../../lib/member.js';
import { writeLog } from '../moderation/service.js';
import * as repo from './repo.js';
import { lockedReason, trustFromHistory } from './levels.js';

export { trustFromHistory, type TrustHistory } from './levels.js';
export { communitySwitches, type CommunitySwitches } from '../../config/community.js';

/** Members whose histories the job reads at once (keyset on the id): a large forum is never one long list. */
export const TRUST_BATCH = 500;

/**
 * The trust job: every unlocked member's level (or one member's) from their history at `now` by the settings' rules,
 * a page of members at a time; returns how many levels changed.
 */
export async function refreshTrustLevels(
  db: Db,
  now: Date,
  rules: TrustRules = DEFAULT_TRUST_RULES,
  userId?: string,
  batch = TRUST_BATCH,
): Promise<number> {
  let changed = 0;
  const apply = async (rows: repo.HistoryRow[]) => {
    for (const row of rows) {
      const { level, reason } = trustFromHistory(row, now, rules);
      if (level === row.trustLevel && reason === row.trustReason) continue;
      if (level !== row.trustLevel) changed++;
      await repo.setComputedLevel(db, row.id, level, reason);
    }
  };
  if (userId) {
    await apply(await repo.histories(db, now, rules, { userId }));
    return changed;
  }
  let after: string | null = null;
  for (;;) {
    const rows: repo.HistoryRow[] = await repo.histories(db, now, rules, { after, limit: batch });
    await apply(rows);
    if (rows.length < batch) return changed;
    after = rows.at(-1)!.id;
  }
}

/**
 * Staff fix a member's level (Leader is only given this way) or hand it back to the job (`locked: false`, which
 * recomputes it at once). Logged as trust_lock.
 */
export async function lockTrustLevel(
  deps: { db: Db; now: () => Date; rules?: () => TrustRules },
  actor: MemberRow,
  target: { id: string; username: string },
  input: { level: TrustLevel; locked: boolean },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.setLock(tx, target.id, {
      level: input.level,
      locked: input.locked,
      reason: input.locked ? lockedReason(input.level, actor.username) : 'Computed at the next run',
    });
    await writeLog(tx, {
      actorId: actor.id,
      actorUsername: actor.username,
      action: 'trust_lock',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.username,
      reason: input.locked ? `Locked at ${TRUST_LEVEL_LABELS[input.level]}` : 'Unlocked',
    });
  });
  if (!input.locked) await refreshTrustLevels(deps.db, deps.now(), deps.rules?.(), target.id);
}
