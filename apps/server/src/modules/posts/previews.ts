import { sql, type SQL } from 'drizzle-orm';
import { previewOf } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { postPreviews, posts } from '../../db/schema/index.js';
import { memberPlainText } from '../../lib/member-markdown.js';

// A card's preview is made once from the start of the post's Markdown and kept in post_previews (decision 050): a
// card read without it parses that Markdown (10-25 us of Node a card), a card read with it does not.

/** Characters of the Markdown a card's preview is made from: one more than it shows, so a cut preview says so. */
export const PREVIEW_SOURCE_CHARS = 201;

/**
 * The renderer's version, part of every kept preview's source. Raise it when what memberPlainText or previewOf make
 * of a text changes: every kept preview then reads as missing and is made again (previews.test.ts fails until then).
 */
export const PREVIEW_RENDERING = 1;

/** The start of a post's Markdown a preview is made from, as PostgreSQL's left() cuts it (in characters). */
export const previewSourceOf = (markdown: SQL | typeof posts.description) =>
  sql<string>`left(${markdown}, ${sql.raw(String(PREVIEW_SOURCE_CHARS))})`;

/**
 * What a kept preview holds for: the Markdown it was made from, hashed with the renderer's version as the seed
 * (hashtextextended: a tenth of md5's cost in a list's statement). Should PostgreSQL ever hash otherwise, every kept
 * preview reads as missing and is made again.
 */
const sourceKey = (source: SQL) => sql`hashtextextended(${source}, ${sql.raw(String(PREVIEW_RENDERING))})`;

/** A card's preview, made from the start of its Markdown (previewSourceOf). */
export const previewFrom = (source: string): string => previewOf(memberPlainText(source));

/** A post's kept preview, when it was made from its Markdown as it is now by this renderer; null otherwise. */
export const keptPreview = sql<string | null>`(SELECT pp.preview FROM ${postPreviews} pp
  WHERE pp.post_id = ${posts.id} AND pp.source = ${sourceKey(previewSourceOf(posts.description))})`;

/** A preview made from `source` (the start of the post's Markdown as it was read). */
export interface MadePreview {
  postId: string;
  source: string;
  preview: string;
}

/**
 * Keeps these previews (one statement): each for the Markdown it was made from, and only while the post's Markdown
 * still begins so (a post edited since keeps nothing from here).
 */
export async function keepPreviews(db: Db | Tx, made: MadePreview[]): Promise<void> {
  if (made.length === 0) return;
  const list = (values: string[]) => sql`${sql.param(values)}::text[]`;
  await db.execute(sql`
    INSERT INTO ${postPreviews} (post_id, source, preview)
    SELECT p.id, ${sourceKey(sql`x.source`)}, x.preview
    FROM unnest(${list(made.map((m) => m.postId))}::uuid[], ${list(made.map((m) => m.source))}, ${list(made.map((m) => m.preview))})
      AS x(id, source, preview)
    JOIN ${posts} p ON p.id = x.id AND ${previewSourceOf(sql`p.description`)} = x.source
    ON CONFLICT (post_id) DO UPDATE SET source = excluded.source, preview = excluded.preview`);
}

/**
 * Makes and keeps the preview of every post that has none for its Markdown now, `batch` posts a statement (after
 * rows were written around the app: a bench's seed, an import). Returns how many it made.
 */
export async function fillPreviews(db: Db, batch = 1000): Promise<number> {
  let made = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.execute<{ id: string; source: string }>(sql`
      SELECT p.id, ${previewSourceOf(sql`p.description`)} AS source FROM ${posts} p
      WHERE p.id > ${after}::uuid AND NOT EXISTS (SELECT 1 FROM ${postPreviews} pp
        WHERE pp.post_id = p.id AND pp.source = ${sourceKey(previewSourceOf(sql`p.description`))})
      ORDER BY p.id LIMIT ${batch}`);
    if (rows.length === 0) return made;
    await keepPreviews(
      db,
      rows.map((r) => ({ postId: r.id, source: r.source, preview: previewFrom(r.source) })),
    );
    made += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

/** The start of a post's Markdown, cut as previewSourceOf cuts it: by characters, not UTF-16 units. */
export function previewSourceIn(markdown: string): string {
  // A string this short in UTF-16 units cannot hold more characters.
  if (markdown.length <= PREVIEW_SOURCE_CHARS) return markdown;
  return Array.from(markdown).slice(0, PREVIEW_SOURCE_CHARS).join('');
}

/** Keeps the preview of a post being written (created, or its description edited), in its transaction. */
export async function keepPreviewOf(tx: Tx, postId: string, description: string): Promise<void> {
  const source = previewSourceIn(description);
  await keepPreviews(tx, [{ postId, source, preview: previewFrom(source) }]);
}

/**
 * Keeps the previews that reads had to make, one statement at a time in the background (a read never waits on it,
 * and a burst of reads is a few statements). A failure keeps nothing: the next read makes them again.
 */
export function previewKeeper(db: Db, onError: (err: unknown) => void = () => {}) {
  const waiting = new Map<string, MadePreview>();
  let writing: Promise<void> | null = null;
  const BATCH = 500;

  async function drain() {
    while (waiting.size > 0) {
      const batch = [...waiting.values()].slice(0, BATCH);
      for (const made of batch) waiting.delete(made.postId);
      try {
        await keepPreviews(db, batch);
      } catch (err) {
        onError(err);
      }
    }
    writing = null;
  }

  return {
    /** Queues previews a read made. */
    keep(made: MadePreview[]) {
      if (made.length === 0) return;
      for (const m of made) waiting.set(m.postId, m);
      writing ??= drain();
    },
    /** Resolves once every preview queued so far is written (or failed): for tests and the bench. */
    async written(): Promise<void> {
      while (writing) await writing;
    },
  };
}

export type PreviewKeeper = ReturnType<typeof previewKeeper>;
