import { z } from 'zod';
import { MSG } from '@fenestra/shared';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { badRequest } from './errors.js';

/** A timestamp as text with microseconds, so a keyset cursor loses nothing (a JS Date keeps milliseconds). */
export const exactTime = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// Keyset cursors: the last row's sort keys as base64url JSON. Each order knows which keys it needs.
const cursorSchema = z.object({
  o: z.string(),
  /** Exact timestamp text (microseconds), see exactTime. */
  c: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
  i: z.uuid(),
  v: z.number().int().optional(),
  b: z.number().int().optional(),
  r: z.number().int().optional(),
  s: z.enum(['open', 'solved']).optional(),
});
export type CursorKeys = z.infer<typeof cursorSchema>;

export function encodeCursor(keys: CursorKeys): string {
  return Buffer.from(JSON.stringify(keys), 'utf8').toString('base64url');
}

/** The keys of a cursor made for the same order; anything else is a 400, never a silent first page. */
export function decodeCursor(raw: unknown, order: string): CursorKeys | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(String(raw), 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MSG.invalidCursor, 'cursor');
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || result.data.o !== order) throw badRequest(MSG.invalidCursor, 'cursor');
  return result.data;
}
