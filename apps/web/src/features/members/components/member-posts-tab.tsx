import { MSG } from '@fenestra/shared';
import { useMemberPosts } from '../api/get-member-posts';
import type { PostListRenderer } from '../lib/post-list-renderer';

interface MemberPostsTabProps {
  username: string;
  emptyMessage: string;
  renderPostList: PostListRenderer;
}

/** The member's public posts; fetched only while the tab is shown (Radix unmounts hidden tabs). */
export function MemberPostsTab({ username, emptyMessage, renderPostList }: MemberPostsTabProps) {
  const query = useMemberPosts(username);
  return renderPostList(query, { emptyMessage, failedMessage: MSG.failedLoadPosts, label: `Posts by @${username}` });
}
