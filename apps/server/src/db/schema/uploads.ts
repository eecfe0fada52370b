import { sql } from 'drizzle-orm';
import {
  pgTable,
  text,
  timestamp,
  integer,
  smallint,
  uuid,
  real,
  bigint,
  index,
  pgEnum,
  jsonb,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { detectionStatusEnum, type StoredDetection } from './posts.js';

export const uploadKindEnum = pgEnum('upload_kind', ['image', 'video', 'avatar']);

// Every stored file, from upload until it is attached to a post, reply or profile; unattached ones are swept after a day.
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: uploadKindEnum('kind').notNull(),
    bucket: text('bucket').notNull(),
    path: text('path').notNull(),
    publicUrl: text('public_url').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** The stored picture's size: the image's, or a video's poster frame's. */
    width: integer('width'),
    height: integer('height'),
    /** The smaller WebP copies written beside that picture (`{name}.w{width}.webp`), by width. */
    variantWidths: smallint('variant_widths')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    durationSeconds: real('duration_seconds'),
    /** A video's poster frame, stored in post-images. */
    thumbnailPath: text('thumbnail_path'),
    thumbnailUrl: text('thumbnail_url'),
    originalName: text('original_name'),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    // A question's photo read on the ask form before it is posted (issue 24): null until asked; goes with the row.
    detectionStatus: detectionStatusEnum('detection_status'),
    detection: jsonb('detection').$type<StoredDetection>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} IS NULL`),
    index('uploads_user_idx').on(t.userId),
  ],
);
