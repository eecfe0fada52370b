import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PostList, PostSummary } from '@fenestra/shared';
import { useNewReplyCounts } from '../api/get-new-replies';
import { PagedList } from '../../../components/ui/paged-list';
import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';

interface PostFeedProps {
  query: UseInfiniteQueryResult<InfiniteData<PostList>>;
  emptyMessage: string;
  /** Toasted once per failure, and shown beside a Retry button. */
  failedMessage: string;
  /** The list's accessible name. */
  label: string;
}

/** The cards, each with its 'N new' for a member who opened the post before and got replies since. */
function PostCards({ posts, label }: { posts: PostSummary[]; label: string }) {
  const newReplies = useNewReplyCounts(posts.map((p) => p.id));
  return (
    <ul className="space-y-4" aria-label={label}>
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard post={post} firstInList={index === 0} newReplies={newReplies?.[post.id] ?? 0} />
        </li>
      ))}
    </ul>
  );
}

/** Cards of a paginated list, with its loading, empty and error states and 'Load More Discussions'. */
export function PostFeed({ query, emptyMessage, failedMessage, label }: PostFeedProps) {
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.posts}
      loading={
        <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="space-y-4">
          <PostCardSkeleton />
          <PostCardSkeleton />
          <PostCardSkeleton />
        </div>
      }
      failedMessage={failedMessage}
      toastId={`feed-error-${label}`}
      empty={emptyMessage}
      loadMoreLabel="Load More Discussions"
    >
      {(posts) => <PostCards posts={posts} label={label} />}
    </PagedList>
  );
}
