import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client';

/** DELETE /api/uploads/:id: drops a file not yet attached to a post. */
export function deleteUpload(id: string): Promise<unknown> {
  return api<unknown>(`/api/uploads/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUpload() {
  return useMutation({ mutationFn: deleteUpload });
}
