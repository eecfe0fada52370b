import { MSG, type ListScope, type Sort, type StatusFilter, type Topic } from '@fenestra/shared';
import { usePosts } from '../api/get-posts';

interface DiscussionCountProps {
  scope?: ListScope;
  filter?: StatusFilter;
  topic?: Topic | null;
  sort?: Sort;
}

/** '{n} active discussions' for the posts the topic and status select (the same query as the list). */
export function DiscussionCount({
  scope = 'public',
  filter = 'all',
  topic = null,
  sort = 'recent',
}: DiscussionCountProps) {
  const { data, isError, isFetching } = usePosts({ scope, filter, topic, sort });
  const total = data?.pages[0]?.total;
  let line: string;
  if (total !== undefined) line = `${total} active ${total === 1 ? 'discussion' : 'discussions'}`;
  else if (isError && !isFetching) line = MSG.failedLoadPosts;
  else line = 'Loading...';
  return <span aria-live="polite">{line}</span>;
}
