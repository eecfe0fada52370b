import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldReplies, ReplyActionResult } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { DestructiveButton } from '../../../components/ui/destructive-button';
import { RelativeTime } from '../../../components/ui/relative-time';
import { paths } from '../../../config/paths';
import { api, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

const key = [...queryKeys.admin.all, 'pending-replies'] as const;

/** New members' first replies waiting for review (and hidden ones their authors edited), with the question each answers. */
export function PendingRepliesList() {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<HeldReplies>('/api/admin/pending-replies', { signal }),
  });
  const decide = useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      approve
        ? api<ReplyActionResult>(`/api/admin/replies/${encodeURIComponent(id)}/approve`, { method: 'POST' })
        : api<ReplyActionResult>(`/api/admin/replies/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
  const run = async (id: string, approve: boolean) => {
    try {
      toast.success((await decide.mutateAsync({ id, approve })).message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  if (!data || data.replies.length === 0) return null;
  return (
    <section aria-labelledby="pending-replies-heading" className="space-y-3">
      <h2 id="pending-replies-heading" className="text-lg font-semibold text-fg">
        Replies waiting for review ({data.replies.length})
      </h2>
      <ol className="space-y-3">
        {data.replies.map((reply) => (
          <li key={reply.id}>
            <article
              aria-label={`Reply by ${reply.author.username}`}
              className="space-y-2 rounded-lg border border-border bg-surface p-4 shadow-sm"
            >
              <p className="text-sm text-muted">
                <span className="font-medium text-fg">{reply.author.username}</span> replied to{' '}
                <Link to={paths.post(reply.postId)} className="font-medium text-primary hover:underline">
                  {reply.postTitle}
                </Link>{' '}
                <RelativeTime date={reply.createdAt} />
              </p>
              <p className="line-clamp-4 text-sm break-words whitespace-pre-line text-fg">{reply.content}</p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" disabled={decide.isPending} onClick={() => void run(reply.id, true)}>
                  Approve
                </Button>
                <DestructiveButton
                  className="h-8 px-3"
                  disabled={decide.isPending}
                  onClick={() => void run(reply.id, false)}
                >
                  Delete
                </DestructiveButton>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
