import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

// Web Push (issue 29): the devices a member turned push on for, and which kinds of notification they push.

/** One browser on one device; its endpoint (the push service's address for it) is unique across members. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's keys for the payload's encryption (RFC 8291), as it sent them (base64url). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the member sees in the device list ('Chrome on Android'), read from the user agent when it subscribed. */
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Which notification kinds a member pushes (the email preferences' keys); no row: the defaults. */
export const pushPreferences = pgTable('push_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<Record<string, boolean>>().notNull(),
});
