import type { ListScope, Sort, StatusFilter, Topic } from '@fenestra/shared';
import { usePosts } from '../api/get-posts';

interface DiscussionCountProps {
  scope?: ListScope;
  filter?: StatusFilter;
  topic?: Topic | null;
  sort?: Sort;
}

/** '{n} active discussions' for the posts the topic and status select (the same query as the list). */
export function DiscussionCount({ scope = 'public', filter = 'all', topic = null, sort = 'recent' }: DiscussionCountProps) {
  const { data, isPending } = usePosts({ scope, filter, topic, sort });
  const total = data?.pages[0]?.total;
  return (
    <span aria-live="polite">
      {isPending || total === undefined ? 'Loading...' : `${total} active ${total === 1 ? 'discussion' : 'discussions'}`}
    </span>
  );
}
