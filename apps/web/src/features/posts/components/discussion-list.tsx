import { MSG, type ListScope, type Sort, type StatusFilter, type Topic } from '@fenestra/shared';
import { usePosts } from '../api/get-posts';
import { PostFeed } from './post-feed';

interface DiscussionListProps {
  /** public: the home list; mine: every status of the member's own; videos: posts with a video; unsolved-queue: staff, oldest first. */
  scope?: ListScope;
  filter?: StatusFilter;
  topic?: Topic | null;
  sort?: Sort;
  /** Accessible name of the list. */
  label?: string;
  /** Only questions with this tag (a tag page). */
  tag?: string;
}

/** The discussion list of /, /my-posts, /resources/videos and /admin/unsolved. */
export function DiscussionList({
  scope = 'public',
  filter = 'all',
  topic = null,
  sort = 'recent',
  label = 'Discussions',
  tag,
}: DiscussionListProps) {
  const query = usePosts(tag ? { scope, filter, topic, sort, tag } : { scope, filter, topic, sort });
  return <PostFeed query={query} emptyMessage={MSG.noPosts} failedMessage={MSG.failedLoadPosts} label={label} />;
}
