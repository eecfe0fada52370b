import { LIMITS, TOPICS, type PostStatus, type Topic } from './limits.js';
import type { Mention } from './replies.js';
import type { DetectionStatus } from './detection.js';
import type { PictureCopies, StoredPicture } from './images.js';

/** Tags as written, trimmed, without repeats that differ only in case (the first spelling wins): asking and editing. */
export function distinctTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags
    .map((t) => t.trim())
    .filter((t) => {
      const key = t.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

// Lists (SPEC sections 2 and 7, DESIGN.md 'Filters').
export const SORTS = ['recent', 'votes', 'popular', 'unsolved'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  recent: 'Most Recent',
  votes: 'Most Votes',
  popular: 'Most Popular',
  unsolved: 'Unsolved First',
};
export const STATUS_FILTERS = ['all', 'unsolved', 'solved'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All Posts',
  unsolved: 'Open',
  solved: 'Solved',
};

/** `filter=solved|unsolved`, anything else all; an unknown topic means all topics. */
export function parseFilter(value: unknown): StatusFilter {
  return value === 'solved' || value === 'unsolved' ? value : 'all';
}
export function parseTopic(value: unknown): Topic | null {
  return (TOPICS as readonly unknown[]).includes(value) ? (value as Topic) : null;
}
export function parseSort(value: unknown): Sort {
  return (SORTS as readonly unknown[]).includes(value) ? (value as Sort) : 'recent';
}

/** Which list: the home list, a member's own posts, posts with video, or the staff's unsolved queue. */
export const LIST_SCOPES = ['public', 'mine', 'videos', 'unsolved-queue'] as const;
export type ListScope = (typeof LIST_SCOPES)[number];

export interface Author {
  id: string | null;
  username: string;
  avatarUrl: string | null;
  /** An uploaded avatar's size and WebP copies, when it has them (decision 016). */
  avatarCopies?: PictureCopies;
}
export const UNKNOWN_AUTHOR: Author = { id: null, username: 'unknown', avatarUrl: null };

export interface Detection {
  /** 'failed' reaches staff only; others see 'none' (SPEC section 2: 'Detection failed' is for staff). */
  status: DetectionStatus;
  object: string | null;
  category: string | null;
  material: string | null;
  finish: string | null;
  confidence: number | null;
  keyFeatures: string[];
  userConfirmedObject: string | null;
  /** Brand stamps, part numbers and label text as read. */
  visibleText: string | null;
}

export interface PostImage extends StoredPicture {
  id: string;
  alt: string;
  displayOrder: number;
  detection: Detection;
}
export interface PostVideo {
  url: string;
  thumbnailUrl: string | null;
  /** The poster's size and copies, as a StoredPicture's (see posterOf). */
  thumbnailWidth: number | null;
  thumbnailHeight: number | null;
  thumbnailVariantWidths: number[];
  durationSeconds: number;
  fileSizeBytes: number;
  mimeType: string;
}

/** A video's poster frame as a stored picture, or null when it has none. */
export const posterOf = (video: PostVideo): StoredPicture | null =>
  video.thumbnailUrl
    ? {
        url: video.thumbnailUrl,
        width: video.thumbnailWidth,
        height: video.thumbnailHeight,
        variantWidths: video.thumbnailVariantWidths,
      }
    : null;

export interface PostSummary {
  id: string;
  topic: Topic;
  title: string;
  /** The first 200 characters, with '...' when cut. */
  preview: string;
  status: PostStatus;
  denialReason: string | null;
  createdAt: string;
  author: Author;
  tags: string[];
  images: PostImage[];
  video: PostVideo | null;
  replyCount: number;
  voteCount: number;
  bookmarkCount: number;
  /** When its text or media last changed after it was written (shown as 'edited'); null when never. */
  editedAt: string | null;
  /** Who wrote the accepted answer of a solved question ('Answered'); null otherwise. */
  answeredBy: { id: string; username: string } | null;
  /** For the signed-in member; false for visitors. */
  liked: boolean;
  bookmarked: boolean;
}

export interface PostDetail extends Omit<PostSummary, 'preview'> {
  description: string;
  /** The description rendered from its Markdown by the server (insert as HTML: raw HTML was escaped, links checked). */
  descriptionHtml: string;
  /** May the viewer moderate it (staff)? The server checks again on every action. */
  canModerate: boolean;
  /** May the viewer correct an image's detected object (staff; its own flag, SPEC section 6)? */
  canOverrideDetection: boolean;
  /** The @names in the description that name a member (linked in descriptionHtml). */
  mentions: Mention[];
  /** The version to send with an edit (PATCH /api/posts/:id). */
  version: number;
  /** The accepted reply, while the question is solved with one. */
  acceptedReplyId: string | null;
  /** Hidden after flags from the community, pending review (only its author and staff see it, with the notice). */
  hiddenByFlags: boolean;
}

export interface PostList {
  posts: PostSummary[];
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
  /** How many posts the current topic and status select. */
  total: number;
}

export interface ToggleResult {
  active: boolean;
  count: number;
}

export function previewOf(text: string, max = LIMITS.descriptionPreview): string {
  // A cut that ends in a line break or space would put the ellipsis on a line of its own.
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** Meta description for a post page: 157 characters + '...' (SPEC section 2 'Other'). */
export function metaDescriptionOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LIMITS.metaDescription ? `${flat.slice(0, LIMITS.metaDescription)}...` : flat;
}

/** m:ss for a video's duration. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// Uploads (SPEC section 3 'Uploaded file result').
export interface UploadedFile {
  id: string;
  path: string;
  publicUrl: string;
  thumbnailUrl?: string | null;
  duration?: number;
  fileSize?: number;
  mimeType: string;
}

/** POST /api/uploads/images `purpose` field: where the pictures will be attached (reply: 3 files, 5 MB each). */
/** 'logo' and 'favicon': the site's pictures, uploaded by admins at /admin/settings. */
export const IMAGE_UPLOAD_PURPOSES = ['post', 'reply', 'avatar', 'logo', 'favicon'] as const;
export type ImageUploadPurpose = (typeof IMAGE_UPLOAD_PURPOSES)[number];

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

// Moderation.
export interface AdminStats {
  totalUsers: number;
  activePosts: number;
  pendingReview: number;
  /** Hours with one decimal (SPEC section 9), 0 until replies exist. */
  avgReplyHours: number;
  /** Notification emails given up on after 24 hours of retries (the line below the stat cards). */
  failedEmails: number;
  /** Post images whose detection gave up after its retries (staff can retry each on its post). */
  failedDetections: number;
  /** Open flags on questions and replies that still exist (issue 26). */
  openFlags: number;
}
