import { IMAGE_TYPES, LIMITS, MSG } from '@fenestra/shared';

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
// Some systems leave `type` empty: the extension decides then; the server checks the bytes anyway.
const imageTypeOf = (file: File) =>
  file.type || TYPE_BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] || '';

export const AVATAR_MB = LIMITS.avatar.maxBytes / (1024 * 1024);

/** The browser's check of a picked avatar (SPEC 5 'Profile'): a message, or null. Size is as chosen. */
export function avatarFileError(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(imageTypeOf(file))) return MSG.invalidImageType(file.name);
  if (file.size > LIMITS.avatar.maxBytes) return MSG.filesTooLarge(AVATAR_MB);
  return null;
}
