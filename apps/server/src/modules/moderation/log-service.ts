import { z } from 'zod';
import { LOG_PAGE_SIZE, MODERATION_ACTIONS, type ModerationAction, type ModerationLogPage } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { selectLog } from './log-repo.js';

const day = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/, 'Dates are YYYY-MM-DD')
  .optional();
/** GET /api/admin/log's query. */
export const logQuery = z.object({
  action: z.union([z.enum(MODERATION_ACTIONS), z.literal('')]).optional(),
  actor: z.string().max(60).optional(),
  from: day,
  to: day,
  cursor: z.string().optional(),
});

/** The moderation log for staff: newest first, filtered by action, actor and date, 50 a page. */
export function moderationLogService(deps: { db: Db }) {
  return {
    async page(q: z.infer<typeof logQuery>): Promise<ModerationLogPage> {
      const cursor = decodeCursor(q.cursor, 'log');
      const rows = await selectLog(
        deps.db,
        {
          action: q.action || null,
          actor: q.actor?.trim().replace(/^@/, '') ?? '',
          from: q.from ?? null,
          to: q.to ?? null,
        },
        cursor,
        LOG_PAGE_SIZE + 1,
      );
      const more = rows.length > LOG_PAGE_SIZE;
      const shown = more ? rows.slice(0, LOG_PAGE_SIZE) : rows;
      const last = shown[shown.length - 1];
      return {
        entries: shown.map(({ createdKey: _key, ...r }) => ({
          ...r,
          action: r.action as ModerationAction,
          createdAt: r.createdAt.toISOString(),
        })),
        nextCursor: more && last ? encodeCursor({ o: 'log', c: last.createdKey, i: last.id }) : null,
      };
    },
  };
}

export type ModerationLogService = ReturnType<typeof moderationLogService>;
