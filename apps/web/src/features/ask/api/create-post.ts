import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePostInput, PostStatus } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CreatedPost {
  id: string;
  status: PostStatus;
}

/** POST /api/posts: the question and the ids of its uploaded media; it starts pending review. */
export function createPost(input: CreatePostInput): Promise<CreatedPost> {
  return api<CreatedPost>('/api/posts', { method: 'POST', body: input });
}

/** A new post shows in the author's own list (scope mine) at once, so every post list is refetched. */
export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.posts.all }),
  });
}
