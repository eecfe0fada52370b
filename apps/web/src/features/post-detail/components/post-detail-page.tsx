import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePost } from '../api/get-post';
import { BackLink } from './back-link';
import { PostDetailView, type PostDetailSlots } from './post-detail-view';

/** /post/:id: 'Loading...', then the question, 'Post not found', or a failure with a retry. */
export function PostDetailPage({ postId, slots }: { postId: string; slots?: PostDetailSlots }) {
  const postQuery = usePost(postId);
  const notFound = postQuery.error instanceof ApiError && postQuery.error.status === 404;
  const failed = postQuery.isError && !notFound && !postQuery.data;
  useDocumentTitle(postQuery.data?.title ?? (notFound ? MSG.postNotFound : 'Question'));

  useEffect(() => {
    if (failed) toast.error(MSG.failedLoadPost, { id: `post-load-${postId}` });
  }, [failed, postId]);

  return (
    <section className="space-y-4">
      <BackLink />
      {postQuery.isPending ? (
        <Loading />
      ) : postQuery.data ? (
        <PostDetailView post={postQuery.data} slots={slots} />
      ) : notFound ? (
        <div className="rounded-lg border border-border bg-surface p-8 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{MSG.postNotFound}</h1>
          <p className="mt-2 text-muted">It may have been removed, or it is not public yet.</p>
        </div>
      ) : (
        <div className="rounded-lg border border-border bg-surface p-8 text-center">
          <h1 className="text-xl font-semibold">{MSG.failedLoadPost}</h1>
          <Button variant="secondary" className="mt-4" onClick={() => void postQuery.refetch()}>
            Try again
          </Button>
        </div>
      )}
    </section>
  );
}
