import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type AvatarResult, type AvatarUpdateInput } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { compressImage } from '../../../lib/compress-image';
import { applyMemberChange } from '../lib/member-cache';
import { uploadAvatar } from './upload-avatar';

/** PUT /api/settings/avatar: a preset emoji, or an avatar upload. */
export function setAvatar(input: AvatarUpdateInput) {
  return api<AvatarResult>('/api/settings/avatar', { method: 'PUT', body: input });
}

/** DELETE /api/settings/avatar: back to the initial. */
export function removeAvatar() {
  return api<AvatarResult>('/api/settings/avatar', { method: 'DELETE' });
}

export type AvatarChange =
  | { kind: 'preset'; emoji: Extract<AvatarUpdateInput, { kind: 'preset' }>['emoji'] }
  /** `onCompressFailed` runs when the browser could not shrink it (the original goes up instead). */
  | { kind: 'file'; file: File; onCompressFailed?: () => void }
  | { kind: 'remove' };

async function changeAvatar(change: AvatarChange): Promise<AvatarResult> {
  if (change.kind === 'preset') return setAvatar(change);
  if (change.kind === 'remove') return removeAvatar();
  let file = change.file;
  try {
    file = await compressImage(change.file, { maxPixels: LIMITS.avatar.maxPixels });
  } catch {
    change.onCompressFailed?.();
  }
  const { files } = await uploadAvatar(file);
  const [uploaded] = files;
  if (!uploaded) throw new Error('The upload returned no file');
  return setAvatar({ kind: 'upload', uploadId: uploaded.id });
}

/**
 * Applies an avatar change at once (not through Save): the header (['me']) and the settings form show
 * it immediately; profiles and lists are invalidated.
 */
export function useUpdateAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeAvatar,
    // The copies go with the picture: an older avatar's would name files removed with it.
    onSuccess: ({ avatarUrl, avatarCopies }) => applyMemberChange(client, { avatarUrl, avatarCopies }),
  });
}
