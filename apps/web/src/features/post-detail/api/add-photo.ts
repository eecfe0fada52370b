import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDetail } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { uploadImages } from '../../../lib/media/upload-images';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The author adds one photo to their question through its edit (PATCH /api/posts/:id): the question's words,
 * tags, photos and video kept, the new photo added; the server queues its detection like the others'.
 */
export async function addPhoto(post: PostDetail, file: File): Promise<void> {
  const { files } = await uploadImages({ files: [file], purpose: 'post' });
  await api(`/api/posts/${encodeURIComponent(post.id)}`, {
    method: 'PATCH',
    body: {
      topic: post.topic,
      title: post.title,
      description: post.description,
      tags: post.tags,
      keepImageIds: post.images.map((image) => image.id),
      imageUploadIds: files.map((f) => f.id),
      keepVideo: true,
      videoUploadId: null,
      version: post.version,
    },
  });
}

export function useAddPhoto(post: PostDetail) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => addPhoto(post, file),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.post.one(post.id) }),
  });
}
