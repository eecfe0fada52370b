import { useParams } from 'react-router';
import { MemberProfilePage } from '../../features/members/components/member-profile-page';
import type { PostListRenderer } from '../../features/members/lib/post-list-renderer';
import { PostFeed } from '../../features/posts/components/post-feed';

// The profile's Posts and Bookmarks tabs draw their cards with the posts feature's feed.
const renderPostList: PostListRenderer = (query, texts) => <PostFeed query={query} {...texts} />;

export function UserProfileRoute() {
  const { username = '' } = useParams();
  // A new username is a new page: fresh tabs.
  return <MemberProfilePage key={username} username={username} renderPostList={renderPostList} />;
}
