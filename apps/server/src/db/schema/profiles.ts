import { sql } from 'drizzle-orm';
import {
  pgTable,
  text,
  timestamp,
  integer,
  smallint,
  jsonb,
  pgEnum,
  uniqueIndex,
  check,
  primaryKey,
  boolean,
} from 'drizzle-orm/pg-core';
import { DEFAULT_EMAIL_PREFERENCES, ROLES, type DigestFrequency, type EmailPreferences } from '@fenestra/shared';
import { users } from './auth.js';

export const profileStatus = pgEnum('profile_status', ['active', 'banned']);
export const roleEnum = pgEnum('role', ROLES);

// One profile per account, created in the same transaction as the account.
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    bio: text('bio').notNull().default(''),
    avatarUrl: text('avatar_url'),
    /** An uploaded avatar's size and the widths of its WebP copies (decision 016); null and empty for an emoji or an older one. */
    avatarWidth: integer('avatar_width'),
    avatarHeight: integer('avatar_height'),
    avatarVariantWidths: smallint('avatar_variant_widths')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    emailPreferences: jsonb('email_preferences').$type<EmailPreferences>().notNull().default(DEFAULT_EMAIL_PREFERENCES),
    /** The digest email the member chose; null until they choose: then weekly while they are away 7 days, else off. */
    digest: text('digest').$type<DigestFrequency>(),
    status: profileStatus('status').notNull().default('active'),
    banReason: text('ban_reason'),
    banUntil: timestamp('ban_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    postCount: integer('post_count').notNull().default(0),
    /** 0 New, 1 Member, 2 Trusted, 3 Leader: written only by the trust job, or by staff with trust_locked (issue 26). */
    trustLevel: smallint('trust_level').notNull().default(0),
    /** A staff member fixed the level: the trust job leaves it alone. */
    trustLocked: boolean('trust_locked').notNull().default(false),
    /** Why the member has their level, in the trust job's words (or the lock's). */
    trustReason: text('trust_reason').notNull().default('Just signed up'),
  },
  (t) => [
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
    // Reply and helpful counts are not stored: a profile counts them from the rows when it is read.
    check('profiles_counts_nonnegative', sql`${t.postCount} >= 0`),
    check('profiles_trust_level_range', sql`${t.trustLevel} between 0 and 3`),
    check('profiles_digest_known', sql`${t.digest} in ('off', 'daily', 'weekly')`),
  ],
);

// A member without a row is a plain user; one role per member.
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);
