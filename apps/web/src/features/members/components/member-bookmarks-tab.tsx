import { MSG } from '@fenestra/shared';
import { useMemberBookmarks } from '../api/get-member-bookmarks';
import type { PostListRenderer } from '../lib/post-list-renderer';

interface MemberBookmarksTabProps {
  username: string;
  renderPostList: PostListRenderer;
}

/** One's own bookmarks, on one's own profile only; fetched only while the tab is shown. */
export function MemberBookmarksTab({ username, renderPostList }: MemberBookmarksTabProps) {
  const query = useMemberBookmarks(username);
  return renderPostList(query, {
    emptyMessage: MSG.noBookmarks,
    failedMessage: MSG.failedLoadBookmarks,
    label: 'Bookmarked posts',
  });
}
