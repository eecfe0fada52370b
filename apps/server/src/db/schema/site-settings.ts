import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The site's settings as admins saved them at /admin/settings (one row): only the values they set; the code's
// defaults fill the rest, and environment variables win over both (modules/site-settings).
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [check('site_settings_one_row', sql`${t.id} = 1`)],
);
