import { MSG } from '@fenestra/shared';
import { useBookmarks } from '../api/get-bookmarks';
import { PostFeed } from './post-feed';

/** The member's saved posts, newest bookmark first. */
export function BookmarkList() {
  const query = useBookmarks();
  return (
    <PostFeed
      query={query}
      emptyMessage={MSG.noBookmarks}
      failedMessage={MSG.failedLoadBookmarks}
      label="Bookmarked posts"
    />
  );
}
