import { sql } from 'drizzle-orm';
import {
  MSG,
  partNumberKey,
  partNumberQuery,
  type MergePartInput,
  type NamePartInput,
  type PartPage,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import { JSON_TYPE, TAGS, type CachedBody, type PublicCache } from '../../cache/public-cache.js';
import { publishEvent } from '../../realtime/bus-event.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { writeLog } from '../moderation/service.js';
import { plainText } from '../../lib/plain-text.js';
import { drainAll } from './refresh.js';
import * as repo from './repo.js';

export { drainPartNumberQueue } from './refresh.js';

const QUESTIONS_SHOWN = 50;
const PHOTOS_SHOWN = 12;
const SIMILAR_SHOWN = 6;
const QUOTE_CHARS = 300;

/** The most common value of a list (ties: the first seen), or null. */
function mostCommon(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, n] of counts) if (best === null || n > counts.get(best)!) best = v;
  return best;
}

const quote = (text: string) => {
  const plain = plainText(text);
  return plain.length > QUOTE_CHARS ? `${plain.slice(0, QUOTE_CHARS - 3).replace(/[\s.,;:]+$/, '')}...` : plain;
};

/**
 * Part pages (issue 27, decision 034): every part number read from a photo or typed in a public question or reply
 * gets a page; staff name parts and merge two numbers into one.
 */
export function partsService(deps: { db: Db; media: MediaAddress; cache: PublicCache }) {
  const { db, media, cache } = deps;

  /** The key a number's page is under: its own, or the one staff merged it into. */
  async function resolve(number: string): Promise<{ key: string; asked: string } | null> {
    const asked = partNumberKey(number);
    if (asked.length < 2 || asked.includes('?')) return null;
    let key = asked;
    for (let hops = 0; hops < 5; hops++) {
      const row = await repo.partRow(db, key);
      if (!row?.merged_into) break;
      key = row.merged_into;
    }
    return { key, asked };
  }

  async function pageData(key: string): Promise<PartPage | null> {
    await drainAll(db);
    const row = await repo.partRow(db, key);
    const merged = await repo.mergedKeys(db, key);
    const keys = [key, ...merged.map((m) => m.key)];
    const questions = await repo.questionsAbout(db, keys, QUESTIONS_SHOWN);
    // A number named only by pending or denied questions has no page.
    if (questions.length === 0) return null;
    const photos = await repo.photosOf(db, [...new Set(questions.flatMap((q) => q.photo_ids ?? []))]);
    const category = row?.category ?? mostCommon(photos.map((p) => p.category));
    const similar = await repo.similarParts(db, keys, category, SIMILAR_SHOWN);
    return {
      part: {
        key,
        number: row?.display ?? questions[0]!.display,
        name: row?.name ?? mostCommon(photos.map((p) => p.object)),
        category,
        namedByStaff: row?.name != null || row?.category != null,
        mergedNumbers: merged.map((m) => m.display),
      },
      photos: photos.slice(0, PHOTOS_SHOWN).map((p) => ({
        id: p.id,
        postId: p.post_id,
        imageUrl: media(p.image_url),
        alt: p.alt_text ?? `Photo of ${row?.display ?? questions[0]!.display}`,
      })),
      questions: questions.map((q) => ({
        id: q.id,
        title: q.title,
        status: q.status,
        replyCount: q.reply_count,
        createdAt: new Date(q.created_at).toISOString(),
        answer:
          q.answer_kind && q.answer_text
            ? { kind: q.answer_kind, text: quote(q.answer_text), author: q.answer_author ?? 'Unknown' }
            : null,
      })),
      similar: similar.map((s) => ({ key: s.key, number: s.display, name: s.name })),
    };
  }

  async function changed(actor: MemberRow, key: string, action: 'name_part' | 'merge_part', details: object) {
    await db.transaction(async (tx) => {
      await writeLog(tx, {
        actorId: actor.id,
        actorUsername: actor.username,
        action,
        targetType: 'part',
        targetId: key,
        targetLabel: key,
        details: details as { before: Record<string, unknown>; after: Record<string, unknown> },
      });
      await publishEvent(tx, { type: 'part.changed', partKey: key });
    });
  }

  return {
    resolve,

    /** A part's page data, kept in the public-read cache until a post, reply or part changes; null: no page. */
    async page(key: string): Promise<CachedBody<PartPage> | null> {
      return cache.read(`api:part:${key}`, async () => {
        const data = await pageData(key);
        if (!data) return null;
        return { body: JSON.stringify(data), value: data, type: JSON_TYPE, tags: [TAGS.pages] };
      });
    },

    /** The page data without the cache (the server-drawn page's head and the feeds read it). */
    pageData,

    /** The parts a search for a part number finds first: the number's own page, if it has one. */
    async matches(query: string) {
      const key = partNumberQuery(query);
      if (!key) return [];
      const resolved = await resolve(key);
      if (!resolved) return [];
      await drainAll(db);
      const count = await repo.publicQuestionCount(db, resolved.key);
      if (count === 0) return [];
      const row = await repo.partRow(db, resolved.key);
      const { rows } = await db.execute<{ object: string | null }>(sql`
        SELECT i.object FROM post_part_numbers n
        JOIN ${repo.PHOTOS} i ON i.id = ANY(n.photo_ids) JOIN posts p ON p.id = n.post_id
        WHERE n.key = ${resolved.key} AND p.status IN ('open', 'solved')`);
      return [
        {
          key: resolved.key,
          number: row?.display ?? resolved.key,
          name: row?.name ?? mostCommon(rows.map((r) => r.object)),
          questions: count,
        },
      ];
    },

    /** Staff name a part and give it a category (logged). */
    async name(actor: MemberRow, number: string, input: NamePartInput) {
      const resolved = await resolve(number);
      if (!resolved) throw notFound(MSG.partNotFound);
      await drainAll(db);
      const before = await repo.partRow(db, resolved.key);
      if (!before || (await repo.publicQuestionCount(db, resolved.key)) === 0) throw notFound(MSG.partNotFound);
      await db.execute(sql`
        UPDATE parts SET name = ${input.name}, category = ${input.category}, updated_at = now()
        WHERE key = ${resolved.key}`);
      await changed(actor, resolved.key, 'name_part', {
        before: { name: before.name, category: before.category },
        after: { name: input.name, category: input.category },
      });
      return { key: resolved.key, message: MSG.partSaved };
    },

    /** Staff merge a number into another: its page redirects there and its questions show there (logged). */
    async merge(actor: MemberRow, number: string, input: MergePartInput) {
      await drainAll(db);
      const from = await resolve(number);
      const into = await resolve(input.into);
      if (!from || (await repo.partRow(db, from.key)) === null) throw notFound(MSG.partNotFound);
      if (!into || (await repo.partRow(db, into.key)) === null) throw notFound(MSG.partNotFound);
      if (from.key === into.key) throw badRequest(MSG.partMergeSelf, 'into');
      await db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE parts SET merged_into = ${into.key}, updated_at = now() WHERE key = ${from.key}`);
        // What was merged into the number before now goes where it went.
        await tx.execute(
          sql`UPDATE parts SET merged_into = ${into.key}, updated_at = now() WHERE merged_into = ${from.key}`,
        );
      });
      await changed(actor, into.key, 'merge_part', { before: { number: from.key }, after: { number: into.key } });
      return { key: into.key, message: MSG.partMerged };
    },

    /** For the sitemap. */
    publicParts: (offset: number, limit: number) => repo.publicParts(db, offset, limit),
    countPublicParts: async () => {
      await drainAll(db);
      return repo.countPublicParts(db);
    },
    /** For a part's feed: its public posts' ids, newest first. */
    async postIdsAbout(key: string, limit: number) {
      await drainAll(db);
      const merged = await repo.mergedKeys(db, key);
      return repo.postIdsAbout(db, [key, ...merged.map((m) => m.key)], limit);
    },
  };
}

export type PartsService = ReturnType<typeof partsService>;
