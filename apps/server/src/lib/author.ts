import { pictureCopies, UNKNOWN_AUTHOR, type Author, type PictureCopies } from '@fenestra/shared';
import { profiles } from '../db/schema/index.js';
import type { MediaAddress } from './media-address.js';

/** The columns a post's or reply's author is drawn from (their profile, left-joined: all null once they are deleted). */
export const authorColumns = {
  authorId: profiles.id,
  authorUsername: profiles.username,
  authorAvatarUrl: profiles.avatarUrl,
  authorAvatarWidth: profiles.avatarWidth,
  authorAvatarHeight: profiles.avatarHeight,
  authorAvatarVariantWidths: profiles.avatarVariantWidths,
};

export interface AuthorRow {
  authorId: string | null;
  authorUsername: string | null;
  authorAvatarUrl: string | null;
  authorAvatarWidth: number | null;
  authorAvatarHeight: number | null;
  authorAvatarVariantWidths: number[] | null;
}

/** An uploaded avatar's copies as an answer carries them: the key only when it has some (decision 016). */
export function avatarCopies(
  width: number | null,
  height: number | null,
  variantWidths: number[] | null,
): { avatarCopies?: PictureCopies } {
  const copies = pictureCopies(width, height, variantWidths);
  return copies ? { avatarCopies: copies } : {};
}

export const authorOf = (row: AuthorRow, media: MediaAddress): Author =>
  row.authorId && row.authorUsername
    ? {
        id: row.authorId,
        username: row.authorUsername,
        avatarUrl: media(row.authorAvatarUrl),
        ...avatarCopies(row.authorAvatarWidth, row.authorAvatarHeight, row.authorAvatarVariantWidths),
      }
    : UNKNOWN_AUTHOR;
