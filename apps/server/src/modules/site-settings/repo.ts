import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { siteSettings, uploads } from '../../db/schema/index.js';

/** The values admins saved (only those they set). */
export async function readStored(db: Db): Promise<Record<string, unknown>> {
  const [row] = await db.select({ values: siteSettings.values }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.values ?? {};
}

/** The saved values, the one row locked for the caller's transaction (made first on a forum that has none). */
export async function lockStored(tx: Tx): Promise<Record<string, unknown>> {
  await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx
    .select({ values: siteSettings.values })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .for('update');
  return row!.values;
}

export async function writeStored(tx: Tx, values: Record<string, unknown>, updatedBy: string): Promise<void> {
  await tx
    .update(siteSettings)
    .set({ values, updatedBy, updatedAt: sql`now()` })
    .where(eq(siteSettings.id, 1));
}

/** A claimed logo or favicon belongs to the settings from now on, not to the admin who uploaded it. */
export async function releaseUpload(tx: Tx, uploadId: string): Promise<void> {
  await tx.delete(uploads).where(eq(uploads.id, uploadId));
}
