import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { MSG, type MemberProfile } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMemberProfile } from '../api/get-member-profile';
import type { PostListRenderer } from '../lib/post-list-renderer';
import { MemberBookmarksTab } from './member-bookmarks-tab';
import { MemberPostsTab } from './member-posts-tab';
import { MemberProfileHeader } from './member-profile-header';
import { MemberRepliesTab } from './member-replies-tab';

interface MemberProfilePageProps {
  username: string;
  /** The posts feature's feed, for the Posts and Bookmarks tabs. */
  renderPostList: PostListRenderer;
}

function emptyMessages(profile: MemberProfile) {
  return profile.isSelf
    ? { posts: 'You have no public questions yet.', replies: 'You have not replied to a public question yet.' }
    : {
        posts: `@${profile.username} has not asked a public question yet.`,
        replies: `@${profile.username} has not replied to a public question yet.`,
      };
}

/** /user/:username: 'Loading...', then the profile card and its tabs, 'User not found', or a retry. */
export function MemberProfilePage({ username, renderPostList }: MemberProfilePageProps) {
  const profileQuery = useMemberProfile(username);
  const { data: profile, error, isError, errorUpdatedAt } = profileQuery;
  const notFound = error instanceof ApiError && error.status === 404;
  const failed = isError && !notFound && !profile;
  useDocumentTitle(profile ? `@${profile.username}` : notFound ? MSG.userNotFound : `@${username}`);

  useEffect(() => {
    if (failed) toast.error(MSG.failedLoadProfile, { id: `profile-load-${username}` });
  }, [failed, errorUpdatedAt, username]);

  if (profile) {
    const empty = emptyMessages(profile);
    return (
      <section className="mx-auto max-w-4xl">
        <MemberProfileHeader profile={profile} />
        <Tabs defaultValue="posts" className="mt-6">
          <TabsList
            aria-label="Profile sections"
            className={cn('w-full sm:max-w-md', profile.isSelf ? 'grid-cols-3' : 'grid-cols-2')}
          >
            <TabsTrigger value="posts">Posts</TabsTrigger>
            <TabsTrigger value="replies">Replies</TabsTrigger>
            {profile.isSelf && <TabsTrigger value="bookmarks">Bookmarks</TabsTrigger>}
          </TabsList>
          <TabsContent value="posts">
            <MemberPostsTab username={profile.username} emptyMessage={empty.posts} renderPostList={renderPostList} />
          </TabsContent>
          <TabsContent value="replies">
            <MemberRepliesTab username={profile.username} emptyMessage={empty.replies} />
          </TabsContent>
          {profile.isSelf && (
            <TabsContent value="bookmarks">
              <MemberBookmarksTab username={profile.username} renderPostList={renderPostList} />
            </TabsContent>
          )}
        </Tabs>
      </section>
    );
  }

  if (notFound) {
    return (
      <div className="rounded-lg border border-border bg-surface p-8 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{MSG.userNotFound}</h1>
        <p className="mt-2 text-muted">No member is called @{username}. The account may have been deleted.</p>
      </div>
    );
  }

  if (failed) {
    return (
      <div className="rounded-lg border border-border bg-surface p-8 text-center">
        <h1 className="text-2xl font-semibold tracking-tight break-all">@{username}</h1>
        <p role="alert" className="mt-2 text-fg">
          {MSG.failedLoadProfile}
        </p>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => void profileQuery.refetch()}
          disabled={profileQuery.isFetching}
        >
          {profileQuery.isFetching ? 'Loading...' : 'Try again'}
        </Button>
      </div>
    );
  }

  return <Loading />;
}
