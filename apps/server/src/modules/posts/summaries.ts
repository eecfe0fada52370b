import type { PostDetail, PostImage, PostSummary, PostVideo } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import { authorOf } from '../../lib/author.js';
import { renderMemberText } from '../../lib/member-markdown.js';
import { resolveMentions } from '../mentions/service.js';
import * as repo from './repo.js';
import { previewFrom, type MadePreview, type PreviewKeeper } from './previews.js';
import type { Viewer } from './viewer.js';

// The output whitelist of a post: what a card (summary) and a post's page (detail) show, and to whom.

const NO_MARKS = { liked: new Set<string>(), bookmarked: new Set<string>() };
const NO_ATTACHMENTS: repo.Attachments = { tags: [], images: [], video: null };

const imageOf = (img: repo.ImageRow, media: MediaAddress, viewer: Viewer | null): PostImage => ({
  id: img.id,
  url: media(img.imageUrl),
  width: img.width,
  height: img.height,
  variantWidths: img.variantWidths,
  alt: img.altText ?? `Image ${img.displayOrder + 1}`,
  displayOrder: img.displayOrder,
  detection: {
    // 'Detection failed' is staff's business; everyone else sees 'Not identified'.
    status: img.detectionStatus === 'failed' && !viewer?.isStaff ? 'none' : img.detectionStatus,
    object: img.detectedObject,
    category: img.detectedCategory,
    material: img.detectedMaterial,
    finish: img.detectedFinish,
    confidence: img.detectionConfidence,
    keyFeatures: img.keyFeatures ?? [],
    userConfirmedObject: img.userConfirmedObject,
    visibleText: img.visibleText,
  },
});

const videoOf = (v: repo.VideoRow, media: MediaAddress): PostVideo => ({
  url: media(v.videoUrl),
  thumbnailUrl: media(v.thumbnailUrl),
  thumbnailWidth: v.thumbnailWidth,
  thumbnailHeight: v.thumbnailHeight,
  thumbnailVariantWidths: v.thumbnailVariantWidths,
  durationSeconds: v.durationSeconds,
  fileSizeBytes: v.fileSizeBytes,
  mimeType: v.mimeType,
});

/** previews: where the previews a read had to make are kept (posts/previews.ts); null keeps none. */
export function postSummaries(db: Db, media: MediaAddress, previews: PreviewKeeper | null = null) {
  /**
   * The output whitelist for a page of posts: the rows (with their attachments, or one query for them) and
   * the viewer's likes and bookmarks (one query).
   */
  async function summaries(rows: repo.SummaryRow[], viewer: Viewer | null): Promise<PostSummary[]> {
    const made: MadePreview[] = [];
    // A card's preview: the kept one, else made from the start of its Markdown (the row's description) and kept.
    const previewOfRow = (row: repo.SummaryRow) => {
      if (row.preview != null) return row.preview;
      const preview = previewFrom(row.description);
      made.push({ postId: row.id, source: row.description, preview });
      return preview;
    };
    const cards = await cardsOf(rows, viewer, previewOfRow);
    previews?.keep(made);
    return cards;
  }

  async function cardsOf(
    rows: repo.SummaryRow[],
    viewer: Viewer | null,
    previewOfRow: (row: repo.SummaryRow) => string,
  ): Promise<PostSummary[]> {
    const loaded = await repo.loadAttachments(
      db,
      rows.filter((r) => r.tags === undefined).map((r) => r.id),
    );
    const marks =
      viewer && rows.length
        ? await repo.memberMarks(
            db,
            viewer.id,
            rows.map((r) => r.id),
          )
        : NO_MARKS;
    return rows.map((row) => {
      const { tags, images, video } =
        row.tags !== undefined ? (row as repo.SummaryRow & repo.Attachments) : (loaded.get(row.id) ?? NO_ATTACHMENTS);
      return {
        id: row.id,
        topic: row.topic,
        title: row.title,
        preview: previewOfRow(row),
        status: row.status,
        denialReason: row.denialReason,
        createdAt: row.createdAt.toISOString(),
        author: authorOf(row, media),
        tags,
        images: images.map((img) => imageOf(img, media, viewer)),
        video: video ? videoOf(video, media) : null,
        replyCount: row.replyCount,
        voteCount: row.voteCount,
        bookmarkCount: row.bookmarkCount,
        editedAt: row.editedAt ? new Date(row.editedAt).toISOString() : null,
        answeredBy: row.status === 'solved' ? (row.answeredBy ?? null) : null,
        liked: marks.liked.has(row.id),
        bookmarked: marks.bookmarked.has(row.id),
      };
    });
  }

  /** A post's page: its summary without the preview, the whole description and what the viewer may do. */
  async function detailOf(row: repo.SummaryRow, viewer: Viewer | null): Promise<PostDetail> {
    // A post's page shows no preview: none is made.
    const [summary] = await cardsOf([row], viewer, () => '');
    const { preview: _preview, ...rest } = summary!;
    const mentions = await resolveMentions(db, row.description);
    return {
      ...rest,
      description: row.description,
      descriptionHtml: renderMemberText(row.description, mentions).html,
      canModerate: viewer?.isStaff ?? false,
      canOverrideDetection: viewer?.isStaff ?? false,
      mentions,
      version: row.version ?? 1,
      acceptedReplyId: row.acceptedReplyId ?? null,
      hiddenByFlags: row.status === 'pending' && Boolean(row.hiddenAt),
    };
  }

  return { summaries, detailOf };
}

export type PostSummaries = ReturnType<typeof postSummaries>;
