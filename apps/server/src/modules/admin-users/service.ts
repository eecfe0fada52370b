import { z } from 'zod';
import {
  EMAIL_TEXT,
  MSG,
  USER_PAGE_SIZE,
  USER_ROLE_FILTERS,
  USER_SORTS,
  USER_STATUS_FILTERS,
  readEmailPreferences,
  trendOf,
  type AdminUser,
  type AdminUserList,
  type UserStats,
  type BanInput,
  type Role,
  type TrustLevel,
  type TrustLockInput,
  type TrustRules,
} from '@fenestra/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import type { JobQueue } from '../../lib/jobs.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { findMember, setRole, type MemberRow } from '../../lib/member.js';
import type { MembersService } from '../members/service.js';
import { writeLog } from '../moderation/service.js';
import { emailHtml, emailText } from '../notifications/service.js';
import * as repo from './repo.js';
import { lockTrustLevel } from '../trust/service.js';
import { removeMemberDevices } from '../push/service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/admin/users's query: filters that are not ours read as 'all'; a search too long is refused. */
export const listQuery = z.object({
  q: z.string({ error: 'Invalid search' }).max(200, 'Invalid search').default(''),
  role: z.enum(USER_ROLE_FILTERS).catch('all'),
  status: z.enum(USER_STATUS_FILTERS).catch('all'),
  sort: z.enum(USER_SORTS).catch('newest'),
  cursor: z.string({ error: 'Invalid search' }).optional(),
});

const cursorSchema = z.object({
  o: z.enum(USER_SORTS),
  c: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
  i: z.string().min(1).max(100),
  p: z.number().int().optional(),
});

function decodeCursor(raw: string | undefined, sort: string): repo.UserKeys | null {
  if (!raw) return null;
  try {
    const keys = cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (keys.o === sort) return keys;
  } catch {
    /* falls through to the 400 */
  }
  throw badRequest('Invalid cursor', 'cursor');
}

const toAdminUser = (r: repo.UserRow, media: MediaAddress): AdminUser => ({
  id: r.id,
  username: r.username,
  email: r.email,
  avatarUrl: media(r.avatarUrl),
  role: r.role,
  status: r.banned ? 'banned' : 'active',
  banReason: r.banned ? r.banReason : null,
  banUntil: r.banned && r.banUntil ? r.banUntil.toISOString() : null,
  joinedAt: r.createdAt.toISOString(),
  postCount: r.postCount,
  trustLevel: r.trustLevel as TrustLevel,
  trustLocked: r.trustLocked,
  trustReason: r.trustReason,
});

export const banEndDate = (until: Date | null) => (until ? until.toISOString().slice(0, 10) : null);

/** User management (/admin/users): staff list, ban and delete members; only admins change roles (DESIGN.md staff limits). */
export function adminUsersService(deps: {
  db: Db;
  jobs: JobQueue;
  members: MembersService;
  media: MediaAddress;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The site's name in force (the settings). */
  siteName: () => string;
  /** The trust rules in force (the settings), for a level handed back to the job. */
  trustRules?: () => TrustRules;
}) {
  const { db, jobs, members, media, now, log } = deps;
  const actorOf = (actor: MemberRow) => ({ actorId: actor.id, actorUsername: actor.username });

  /** The member acted on, after the limits every action shares: never oneself, never an admin by a moderator. */
  async function targetOf(actor: MemberRow, userId: string, opts: { selfAllowed?: boolean } = {}) {
    const target = userId.length <= 100 ? await findMember(db, userId) : null;
    if (!target) throw notFound(MSG.userNotFound);
    if (!opts.selfAllowed && target.id === actor.id) throw forbidden(MSG.cannotActOnSelf);
    if (target.role === 'admin' && actor.role !== 'admin') throw forbidden(MSG.moderatorCannotTouchAdmin);
    return target;
  }

  async function emailBan(userId: string, reason: string, until: Date | null) {
    const row = await repo.emailAndPreferences(db, userId);
    if (!row || !readEmailPreferences(row.prefs).banned) return;
    const end = banEndDate(until);
    // In the layout of every email about what happened (text and HTML parts); a ban has no unsubscribe link.
    const site = deps.siteName();
    const content = {
      site,
      heading: EMAIL_TEXT.banned.subject(site),
      blocks: [{ text: EMAIL_TEXT.banned.text(reason, end, site).trim() }],
    };
    try {
      await jobs.send('send-email', {
        to: row.email,
        subject: EMAIL_TEXT.banned.subject(site),
        text: emailText(content),
        html: emailHtml(content),
      });
    } catch (err) {
      // The ban stands whether or not the email could be queued.
      log.warn({ err }, 'could not queue the ban email');
    }
  }

  return {
    async list(query: z.infer<typeof listQuery>): Promise<AdminUserList> {
      const { sort, cursor: raw, ...rest } = query;
      const filters = { search: rest.q, role: rest.role, status: rest.status };
      const cursor = decodeCursor(raw, sort);
      const [rows, matching, total] = await Promise.all([
        repo.selectUsers(db, filters, sort, cursor, USER_PAGE_SIZE + 1),
        repo.countUsers(db, filters),
        repo.countUsers(db, null),
      ]);
      const more = rows.length > USER_PAGE_SIZE;
      const shown = more ? rows.slice(0, USER_PAGE_SIZE) : rows;
      const last = shown[shown.length - 1];
      const nextCursor =
        more && last
          ? Buffer.from(
              JSON.stringify({ o: sort, c: last.createdKey, i: last.id, p: last.postCount }),
              'utf8',
            ).toString('base64url')
          : null;
      return { users: shown.map((r) => toAdminUser(r, media)), matching, total, nextCursor };
    },

    async stats(): Promise<UserStats> {
      const f = await repo.userFigures(db, now());
      return {
        total: f.total,
        activeThisWeek: f.joined_week,
        banned: f.banned,
        bannedPercent: f.total === 0 ? 0 : Math.round((f.banned / f.total) * 1000) / 10,
        staff: f.staff,
        trends: {
          total: trendOf(f.total, f.total_week_ago),
          active: trendOf(f.joined_week, f.joined_week_before),
          banned: trendOf(f.bans_week, f.bans_week_before),
        },
      };
    },

    /** Bans (or re-bans, replacing the end and reason), ends every session at once, logs it and emails the member. */
    async ban(actor: MemberRow, userId: string, input: BanInput): Promise<AdminUser> {
      const target = await targetOf(actor, userId);
      const until = input.duration === 'permanent' ? null : new Date(now().getTime() + Number(input.duration) * DAY_MS);
      await db.transaction(async (tx) => {
        await repo.setBan(tx, target.id, input.reason, until);
        await repo.revokeSessions(tx, target.id);
        // No push reaches a banned member's devices; they turn it on again once unbanned.
        await removeMemberDevices(tx, target.id);
        await writeLog(tx, {
          ...actorOf(actor),
          action: 'ban',
          targetType: 'user',
          targetId: target.id,
          targetLabel: target.username,
          reason: input.reason,
        });
      });
      await emailBan(target.id, input.reason, until);
      return this.one(target.id);
    },

    /** Staff lock a member's trust level (Leader is only given this way), or hand it back to the trust job. */
    async setTrust(actor: MemberRow, userId: string, input: TrustLockInput): Promise<AdminUser> {
      const target = await targetOf(actor, userId, { selfAllowed: true });
      await lockTrustLevel({ db, now, rules: deps.trustRules }, actor, target, input);
      return this.one(target.id);
    },

    async unban(actor: MemberRow, userId: string): Promise<AdminUser> {
      const target = await targetOf(actor, userId);
      await db.transaction(async (tx) => {
        if (target.status !== 'banned') throw conflict('NOT_BANNED', MSG.notBanned);
        await repo.clearBan(tx, target.id);
        await writeLog(tx, {
          ...actorOf(actor),
          action: 'unban',
          targetType: 'user',
          targetId: target.id,
          targetLabel: target.username,
        });
      });
      return this.one(target.id);
    },

    /** Admins only; role 'user' removes the role row; the last admin keeps their role. */
    async setRole(actor: MemberRow, userId: string, { role }: { role: Role }): Promise<AdminUser> {
      if (actor.role !== 'admin') throw forbidden(MSG.onlyAdminsChangeRoles);
      const target = await targetOf(actor, userId, { selfAllowed: true });
      if (target.role === role) return this.one(target.id);
      await db.transaction(async (tx) => {
        if (target.role === 'admin') {
          const admins = await repo.lockAdmins(tx);
          if (admins.filter((id) => id !== target.id).length === 0) throw conflict('LAST_ADMIN', MSG.lastAdminDemote);
        }
        await setRole(tx, target.id, role);
        await writeLog(tx, {
          ...actorOf(actor),
          action: 'role_change',
          targetType: 'user',
          targetId: target.id,
          targetLabel: target.username,
          reason: `${target.role} → ${role}`,
        });
      });
      return this.one(target.id);
    },

    /** The exact word CONFIRM (case-sensitive), then the same deletion a member's own 'Delete account' runs. */
    /** `confirm` was checked against the route's contract (deleteUserSchema). */
    async remove(actor: MemberRow, userId: string): Promise<void> {
      const target = await targetOf(actor, userId);
      await members.deleteMember(target, actor);
    },

    async one(userId: string): Promise<AdminUser> {
      const row = await repo.findUser(db, userId);
      if (!row) throw notFound(MSG.userNotFound);
      return toAdminUser(row, media);
    },
  };
}

export type AdminUsersService = ReturnType<typeof adminUsersService>;
