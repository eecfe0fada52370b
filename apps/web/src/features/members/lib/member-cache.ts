import type { QueryClient } from '@tanstack/react-query';
import type { Me, Settings } from '@fenestra/shared';
import { queryKeys } from '../../../lib/query-keys';

type MemberFields = Partial<Pick<Me, 'username' | 'avatarUrl' | 'avatarCopies'>>;

/**
 * After the member changed their name or picture: the header (['me']) and the settings form change at
 * once; profiles and every cached list that shows them as an author are refetched when next seen.
 */
export function applyMemberChange(client: QueryClient, change: MemberFields & Partial<Pick<Settings, 'bio'>>): void {
  const { bio, ...meFields } = change;
  client.setQueryData<Me | null>(queryKeys.me, (me) => (me ? { ...me, ...meFields } : me));
  client.setQueryData<Settings>(queryKeys.settings, (settings) =>
    settings ? { ...settings, ...meFields, ...(bio === undefined ? {} : { bio }) } : settings,
  );
  for (const queryKey of [queryKeys.members.all, queryKeys.posts.all, queryKeys.post.all, queryKeys.bookmarks.all]) {
    void client.invalidateQueries({ queryKey });
  }
}
