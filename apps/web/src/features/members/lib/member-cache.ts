import type { QueryClient } from '@tanstack/react-query';
import type { Me, Settings } from '@fenestra/shared';
import { meQueryKey } from '../../../lib/session';
import { settingsQueryKey } from '../api/get-settings';

type MemberFields = Partial<Pick<Me, 'username' | 'avatarUrl' | 'avatarCopies'>>;

/**
 * After the member changed their name or picture: the header (['me']) and the settings form change at
 * once; profiles and every cached list that shows them as an author are refetched when next seen.
 */
export function applyMemberChange(client: QueryClient, change: MemberFields & Partial<Pick<Settings, 'bio'>>): void {
  const { bio, ...meFields } = change;
  client.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, ...meFields } : me));
  client.setQueryData<Settings>(settingsQueryKey, (settings) => (settings ? { ...settings, ...meFields, ...(bio === undefined ? {} : { bio }) } : settings));
  for (const queryKey of [['members'], ['posts'], ['post'], ['bookmarks'], ['search']]) {
    void client.invalidateQueries({ queryKey });
  }
}
